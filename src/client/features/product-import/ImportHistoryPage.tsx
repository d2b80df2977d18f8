import { Alert, Button, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconInfoCircle, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ImportSummary } from '../../../shared/product-import';
import { formatDateTime } from '../../../shared/time';
import { errorMessage } from '../../lib/api';
import { useCan } from '../../lib/use-can';
import { CardListSkeleton } from '../../ui/CardList';
import { CardTable } from '../../ui/CardTable';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { TableRows } from '../../ui/TableRows';
import { ImportDetailsModal } from './ImportDetailsModal';
import { ImportStatusBadge } from './ImportStatusBadge';
import { useDeleteImport, useImportHistory, useRetryImport } from './import-api';

const number = new Intl.NumberFormat('pt-BR');

/** /produtos/historico — every import the user may see, newest first. */
export function ImportHistoryPage() {
  const [page, setPage] = useState(1);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const history = useImportHistory(page);
  const retry = useRetryImport();
  const remove = useDeleteImport();
  const canCreate = useCan('imports', 'create');
  const canRetry = useCan('imports', 'retry');
  const canDelete = useCan('imports', 'delete');

  const onRetry = (item: ImportSummary) =>
    retry.mutate(item.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `Importação de ${item.file_name} retomada.` }),
      onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Erro ao tentar novamente a importação') }),
    });
  const onDelete = (item: ImportSummary) =>
    confirmDelete({
      title: 'Excluir importação',
      message: `Tem certeza que deseja excluir a importação de ${item.file_name}? O registro e o arquivo enviado são apagados; os produtos importados continuam cadastrados.`,
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Importação excluída.' }),
          onError: () => notifications.show({ color: 'red', message: 'Erro ao excluir importação' }),
        }),
    });

  return (
    <>
      <PageHeader
        title="Histórico de importações"
        description="Planilhas enviadas, o que entrou e o que ficou de fora."
        actions={
          canCreate && (
            <Button component={Link} to="/produtos/importar" leftSection={<IconFileImport size={18} />}>
              Nova importação
            </Button>
          )
        }
      />
      {history.isError ? (
        <Alert color="red" variant="light" role="alert">
          Erro ao carregar histórico de importações
        </Alert>
      ) : history.isPending ? (
        <CardListSkeleton height={48} />
      ) : history.data.items.length === 0 ? (
        <EmptyState title="Nenhuma importação ainda">As planilhas enviadas em Importar produtos aparecem aqui.</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <CardTable label="Importações" minWidth={880} verticalSpacing="sm" highlightOnHover>
            <TableRows
              head={
                <>
                  <Table.Th>Arquivo</Table.Th>
                  <Table.Th miw={120}>Status</Table.Th>
                  <Table.Th ta="right">Linhas</Table.Th>
                  <Table.Th ta="right">Importadas</Table.Th>
                  <Table.Th ta="right">Ignoradas</Table.Th>
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
                  <Table.Td data-label="Importadas" ta="right">
                    {number.format(item.success_count)}
                  </Table.Td>
                  <Table.Td data-label="Ignoradas" ta="right">
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
      <ImportDetailsModal importId={detailsId} onClose={() => setDetailsId(null)} />
    </>
  );
}

function controlLabels(control: 'first' | 'previous' | 'last' | 'next') {
  const labels = { first: 'Primeira página', previous: 'Página anterior', next: 'Próxima página', last: 'Última página' };
  return { 'aria-label': labels[control] };
}
