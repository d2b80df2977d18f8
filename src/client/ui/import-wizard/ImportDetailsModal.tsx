import { Alert, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatMegabytes } from '../../../shared/product-import';
import { formatDateTime } from '../../../shared/time';
import { FailedRowsButton } from './FailedRowsButton';
import { ImportCounts, MessageList } from './ImportCounts';
import { ImportStatusBadge } from './ImportStatusBadge';
import { useImportDetails } from './import-queries';
import type { ImportSource } from './import-source';

/** The Detalhes modal of the history: the whole record, its mapping, errors and warnings. */
export function ImportDetailsModal<F extends string>({
  source,
  importId,
  onClose,
}: {
  source: ImportSource<F>;
  importId: string | null;
  onClose(): void;
}) {
  const details = useImportDetails(source, importId);
  const data = details.data;
  return (
    <Modal opened={importId !== null} onClose={onClose} title="Detalhes da importação" size="xl" centered>
      {details.isError ? (
        <Alert color="red" variant="light" role="alert">
          Erro ao carregar detalhes da importação
        </Alert>
      ) : !data ? (
        <Skeleton h={240} radius="md" />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {data.file_name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatMegabytes(data.file_size)} · enviado em {formatDateTime(data.created_at)} por {data.created_by ?? '—'}
                {data.finished_at && ` · terminado em ${formatDateTime(data.finished_at)}`}
              </Text>
            </div>
            <ImportStatusBadge status={data.status} size="lg" />
          </Group>
          {data.failure_reason && (
            <Alert color="red" variant="light" title="Motivo da falha">
              {data.failure_reason}
            </Alert>
          )}
          {data.current_operation && data.status !== 'completed' && <Text size="sm">{data.current_operation}</Text>}
          <ImportCounts status={data} texts={source.texts} />
          {data.field_mapping && (
            <Stack gap={4}>
              <Text fw={600}>Mapeamento</Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
                {(Object.entries(data.field_mapping) as [F, string][]).map(([field, column]) => (
                  <Text key={field} size="sm">
                    {source.texts.fieldLabels[field]}: <b>{column}</b>
                  </Text>
                ))}
              </SimpleGrid>
            </Stack>
          )}
          <MessageList title="Erros" messages={data.errors} total={data.error_count} color="red.9" />
          <MessageList title={source.texts.warnings} messages={data.warnings} total={data.warnings.length} color="dark.7" />
          <FailedRowsButton source={source} importId={data.id} fileName={data.file_name} hidden={data.error_count === 0} />
        </Stack>
      )}
    </Modal>
  );
}
