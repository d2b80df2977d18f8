import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/time';
import { errorMessage } from '../../lib/api';
import { FormSection } from '../../ui/FormSection';
import { mutationToasts } from '../../ui/notify';
import { useEndOtherSessions, useEndSession, useOpenSessions } from './two-step-api';

/** Where the account is signed in: device, address and last use; any other session can be ended from here. */
export function SessionsSection() {
  const sessions = useOpenSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  return (
    <FormSection title="Sessões abertas">
      {sessions.isPending && <Text c="dimmed">Carregando…</Text>}
      {sessions.isError && <Alert color="red">{errorMessage(sessions.error, 'Não foi possível carregar as sessões.')}</Alert>}
      {sessions.data && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sessões abertas">
          {sessions.data.map((s) => (
            <Group key={s.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Group gap="xs">
                  <Text fw={600}>{s.device}</Text>
                  {s.current && (
                    <Badge variant="light" color="green">
                      Esta sessão
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  Endereço {s.ip || 'desconhecido'} · último uso em {formatDateTime(s.last_used_at)}
                </Text>
              </div>
              {!s.current && (
                <Button
                  variant="default"
                  size="xs"
                  aria-label={`Encerrar sessão: ${s.device}, último uso em ${formatDateTime(s.last_used_at)}`}
                  loading={endOne.isPending && endOne.variables === s.id}
                  onClick={() => endOne.mutate(s.id, mutationToasts('Sessão encerrada.', 'Não foi possível encerrar a sessão.'))}
                >
                  Encerrar sessão
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {others > 0 && (
        <Group>
          <Button
            variant="light"
            color="red"
            loading={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, mutationToasts('As outras sessões foram encerradas.', 'Não foi possível encerrar as sessões.'))
            }
          >
            Encerrar todas as outras sessões
          </Button>
        </Group>
      )}
    </FormSection>
  );
}
