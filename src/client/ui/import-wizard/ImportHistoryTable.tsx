import { Alert, Button, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../shared/time';
import { errorMessage } from '../../lib/api';
import { CardListSkeleton } from '../CardList';
import { CardTable } from '../CardTable';
import { confirmDelete } from '../confirm';
import { EmptyState } from '../EmptyState';
import { TableRows } from '../TableRows';
import { ImportDetailsModal } from './ImportDetailsModal';
import { ImportStatusBadge } from './ImportStatusBadge';
import { useDeleteImport, useImportHistory, useRetryImport } from './import-queries';
import type { ImportSource, ImportSummaryShape } from './import-source';

const number = new Intl.NumberFormat('pt-BR');

interface Props<F extends string> {
  source: ImportSource<F>;
  canRetry: boolean;
  canDelete: boolean;
  /** What the empty history says. */
  empty: { title: string; text: ReactNode };
}

/** The imports of one kind, newest first: counts, Detalhes, Tentar Novamente on a failed one, Excluir. */
export function ImportHistoryTable<F extends string>({ source, canRetry, canDelete, empty }: Props<F>) {
  const [page, setPage] = useState(1);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const history = useImportHistory(source, page);
  const retry = useRetryImport(source);
  const remove = useDeleteImport(source);
  useChangesWhenRunsEnd(source, history.data?.items);

  const onRetry = (item: ImportSummaryShape) =>
    retry.mutate(item.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `Importação de ${item.file_name} retomada.` }),
      onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Erro ao tentar novamente a importação') }),
    });
  const onDelete = (item: ImportSummaryShape) =>
    confirmDelete({
      title: 'Excluir importação',
      message: source.texts.deleteQuestion(item.file_name),
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Importação excluída.' }),
          onError: () => notifications.show({ color: 'red', message: 'Erro ao excluir importação' }),
        }),
    });

  return (
    <>
      {history.isError ? (
        <Alert color="red" variant="light" role="alert">
          Erro ao carregar histórico de importações
        </Alert>
      ) : history.isPending ? (
        <CardListSkeleton height={48} />
      ) : history.data.items.length === 0 ? (
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <CardTable label="Importações" minWidth={880} verticalSpacing="sm" highlightOnHover>
            <TableRows
              head={
                <>
                  <Table.Th>Arquivo</Table.Th>
                  <Table.Th miw={120}>Status</Table.Th>
                  <Table.Th ta="right">Linhas</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {source.texts.success}
                  </Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {source.texts.skipped}
                  </Table.Th>
                  <Table.Th ta="right">Erros</Table.Th>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Usuário</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Ações</span>
                  </Table.Th>
                </>
              }
              rows={history.data.items}
            >
              {(item) => (
                <>
                  <Table.Td maw={260}>
                    <Text fw={600} size="sm" truncate title={item.file_name}>
                      {item.file_name}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Status">
                    <ImportStatusBadge status={item.status} />
                  </Table.Td>
                  <Table.Td data-label="Linhas" ta="right">
                    {number.format(item.total_rows)}
                  </Table.Td>
                  <Table.Td data-label={source.texts.success} ta="right">
                    {number.format(item.success_count)}
                  </Table.Td>
                  <Table.Td data-label={source.texts.skipped} ta="right">
                    {number.format(item.skipped_count)}
                  </Table.Td>
                  <Table.Td data-label="Erros" ta="right" c={item.error_count > 0 ? 'red.9' : undefined}>
                    {number.format(item.error_count)}
                  </Table.Td>
                  <Table.Td data-label="Data" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(item.created_at)}
                  </Table.Td>
                  <Table.Td data-label="Usuário">
                    <Text size="sm" truncate maw={200}>
                      {item.created_by ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td data-actions>
                    <Group gap={6} wrap="nowrap" justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconInfoCircle size={16} />}
                        onClick={() => setDetailsId(item.id)}
                      >
                        Detalhes
                      </Button>
                      {canRetry && item.status === 'failed' && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconRefresh size={16} />}
                          onClick={() => onRetry(item)}
                          loading={retry.isPending && retry.variables === item.id}
                        >
                          Tentar Novamente
                        </Button>
                      )}
                      {canDelete && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          leftSection={<IconTrash size={16} />}
                          onClick={() => onDelete(item)}
                        >
                          Excluir
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </>
              )}
            </TableRows>
          </CardTable>
        </Paper>
      )}
      {history.data && history.data.pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={history.data.pages} value={page} onChange={setPage} getControlProps={controlLabels} />
        </Group>
      )}
      <ImportDetailsModal source={source} importId={detailsId} onClose={() => setDetailsId(null)} />
    </>
  );
}

/** A run that ends while the list follows it (a retry) changes what the source changes: that is loaded again. */
function useChangesWhenRunsEnd<F extends string>(source: ImportSource<F>, items: ImportSummaryShape[] | undefined) {
  const queryClient = useQueryClient();
  const running = items?.some((i) => i.status === 'pending' || i.status === 'processing') ?? false;
  const wasRunning = useRef(running);
  const { changes } = source;
  useEffect(() => {
    if (wasRunning.current && !running && changes) void queryClient.invalidateQueries({ queryKey: changes });
    wasRunning.current = running;
  }, [running, changes, queryClient]);
}

function controlLabels(control: 'first' | 'previous' | 'last' | 'next') {
  const labels = { first: 'Primeira página', previous: 'Página anterior', next: 'Próxima página', last: 'Última página' };
  return { 'aria-label': labels[control] };
}
