import { Alert, Anchor, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type AuditEntry, type AuditRecordKind, describeAuditEntry, formatAuditWhen } from '../../shared/audit';
import { RECORD_HISTORY_LIMIT, useRecordHistory } from '../lib/audit-queries';
import { useCan } from '../lib/use-can';

/** One entry as a person reads it: the sentence, when, and the other changed fields under it. */
export function AuditEntryLine({ entry, withKind }: { entry: AuditEntry; withKind: boolean }) {
  const { sentence, details } = describeAuditEntry(entry, withKind);
  return (
    <div>
      <Text size="sm">
        {sentence}
        <Text span c="dimmed" size="sm">
          {' · '}
          <time dateTime={entry.occurred_at}>{formatAuditWhen(entry.occurred_at)}</time>
        </Text>
      </Text>
      {details.length > 0 && (
        <List size="xs" c="dimmed" spacing={0} withPadding>
          {details.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

/**
 * "Histórico de alterações" of one record (issue 29): who changed what, newest first, for those who may read the
 * trail (admins, and managers for their establishments); nothing for everyone else.
 */
export function AuditHistory({ kind, id }: { kind: AuditRecordKind; id: string | undefined }) {
  const allowed = useCan('audit', 'read');
  const history = useRecordHistory(kind, id, allowed);
  if (!allowed || !id) return null;
  const title = 'Histórico de alterações';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {history.isPending ? (
        <Loader size="sm" aria-label="Carregando histórico" />
      ) : history.isError ? (
        <Alert color="red" variant="light" title="Não foi possível carregar o histórico" />
      ) : history.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma alteração registrada.
        </Text>
      ) : (
        <Stack gap="xs">
          {history.data.items.map((entry) => (
            <AuditEntryLine key={entry.id} entry={entry} withKind={false} />
          ))}
          {(history.data.total ?? 0) > RECORD_HISTORY_LIMIT && (
            <Anchor component={Link} to={`/auditoria?record_kind=${kind}`} size="sm">
              Ver tudo em Auditoria
            </Anchor>
          )}
        </Stack>
      )}
    </Paper>
  );
}
