import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { API_KEY_SCOPE_LABELS, type ApiKey, type ApiKeyCreated, apiKeyState } from '../../../shared/api-keys';
import { formatDate, formatDateTime } from '../../../shared/time';
import { useCan } from '../../lib/use-can';
import { useChosenEstablishment } from '../../lib/use-chosen-establishment';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { EstablishmentScreen } from '../../ui/EstablishmentScreen';
import { ListSkeleton, LoadErrorAlert } from '../../ui/ListStates';
import { mutationToasts } from '../../ui/notify';
import { ApiKeyFormModal } from './ApiKeyFormModal';
import { useApiKeys, useRevokeApiKey } from './api-keys-api';
import { NewKeyModal } from './NewKeyModal';
import { TillCodesSection } from './TillCodesSection';
import { WebhooksSection } from './WebhooksSection';

const STATE_BADGES = {
  active: { label: 'Ativa', color: 'green' },
  revoked: { label: 'Revogada', color: 'red' },
  expired: { label: 'Expirada', color: 'gray' },
} as const;

type Dialog = { kind: 'new' } | { kind: 'created'; created: ApiKeyCreated } | null;

/** /integracoes — the API keys another system of the establishment (its till, a partner) calls Adega with. */
export function IntegrationsPage() {
  const chosen = useChosenEstablishment();
  const { establishment } = chosen;
  const establishmentId = establishment?.id ?? '';
  const keys = useApiKeys(establishmentId);
  const canCreate = useCan('apiKeys', 'create');
  const canEditCodes = useCan('cellar', 'update');
  const canManageWebhooks = useCan('webhooks', 'manage');
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <EstablishmentScreen
      chosen={chosen}
      header={{
        title: 'Integrações',
        description: `Chaves de API e webhooks para o PDV e outros sistemas ${establishment ? `de ${establishment.name}` : 'do estabelecimento'}.`,
        back: { to: '/', label: 'Início' },
        actions: establishment && canCreate && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'new' })}>
            Nova chave
          </Button>
        ),
      }}
      empty={{
        icon: <IconKey size={26} />,
        text: 'As chaves de API pertencem a um estabelecimento. Cadastre um estabelecimento para integrar o seu PDV.',
      }}
    >
      {() => (
        <>
          {keys.isPending ? (
            <ListSkeleton rows={3} />
          ) : keys.isError ? (
            <LoadErrorAlert title="Não foi possível carregar as chaves de API" error={keys.error} />
          ) : keys.data.length === 0 ? (
            <EmptyState icon={<IconKey size={26} />} title="Nenhuma chave de API">
              Crie uma chave para o PDV registrar as vendas na adega ou para outro sistema ler as cartas e os pedidos.
            </EmptyState>
          ) : (
            <Stack component="ul" aria-label="Chaves de API" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {keys.data.map((key) => (
                <ApiKeyItem key={key.id} apiKey={key} establishmentId={establishmentId} />
              ))}
            </Stack>
          )}
          <WebhooksSection establishmentId={establishmentId} canManage={canManageWebhooks} />
          <TillCodesSection establishmentId={establishmentId} canEdit={canEditCodes} />
          {dialog?.kind === 'new' && (
            <ApiKeyFormModal
              establishmentId={establishmentId}
              onCreated={(created) => setDialog({ kind: 'created', created })}
              onClose={() => setDialog(null)}
            />
          )}
          {dialog?.kind === 'created' && <NewKeyModal created={dialog.created} onClose={() => setDialog(null)} />}
        </>
      )}
    </EstablishmentScreen>
  );
}

function ApiKeyItem({ apiKey, establishmentId }: { apiKey: ApiKey; establishmentId: string }) {
  const revoke = useRevokeApiKey(establishmentId);
  const canRevoke = useCan('apiKeys', 'revoke');
  const state = apiKeyState(apiKey);
  const badge = STATE_BADGES[state];
  const askRevoke = () =>
    confirmDelete({
      title: 'Revogar chave de API',
      message: 'O sistema que usa esta chave deixa de acessar o Adega na próxima requisição. Isto não pode ser desfeito.',
      name: apiKey.name,
      confirmLabel: 'Revogar',
      onConfirm: () => revoke.mutate(apiKey.id, mutationToasts('Chave revogada.', 'Não foi possível revogar a chave.')),
    });
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={apiKey.name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <Text fw={600}>{apiKey.name}</Text>
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
          </Group>
          <Text size="sm" ff="monospace">
            {apiKey.prefix}…
          </Text>
          <Group gap={6}>
            {apiKey.scopes.map((scope) => (
              <Badge key={scope} variant="outline" color="gray" tt="none" title={API_KEY_SCOPE_LABELS[scope]}>
                {scope}
              </Badge>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            Criada por {apiKey.created_by ?? 'usuário removido'} em {formatDate(apiKey.created_at)} ·{' '}
            {apiKey.last_used_at ? `último uso em ${formatDateTime(apiKey.last_used_at)}` : 'ainda não usada'}
          </Text>
          <Text size="sm" c="dimmed">
            {apiKey.revoked_at
              ? `Revogada em ${formatDateTime(apiKey.revoked_at)}`
              : apiKey.expires_at
                ? `Válida até ${formatDate(new Date(new Date(apiKey.expires_at).getTime() - 1))}`
                : 'Sem data de validade'}
          </Text>
        </Stack>
        {state === 'active' && canRevoke && (
          <Button variant="default" color="red" onClick={askRevoke} loading={revoke.isPending} aria-label={`Revogar ${apiKey.name}`}>
            Revogar
          </Button>
        )}
      </Group>
    </Paper>
  );
}
