import { Anchor, Badge, Card, Grid, Group, Stack, Table, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatIsoDate, formatPercent, formatPhone } from '../../../shared/field-rules';
import { contractState, type Supplier } from '../../../shared/suppliers';
import { useSettledFilter } from '../../lib/use-settled-filter';
import { useUrlPage } from '../../lib/use-url-page';
import { useWriteRights } from '../../lib/use-write-rights';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { FilterBar } from '../../ui/FilterBar';
import { NewButton } from '../../ui/NewButton';
import { mutationToasts } from '../../ui/notify';
import { countLabel, PagedList, TableOrCards } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { ActionsHeader, RowActions } from '../../ui/RowActionIcons';
import { SearchInput } from '../../ui/SearchInput';
import { TableRows } from '../../ui/TableRows';
import { useDeleteSupplier, useSupplierList } from './suppliers-api';

function ContractCell({ supplier }: { supplier: Supplier }) {
  const { contract_start_date: start, contract_end_date: end } = supplier;
  const state = contractState(end);
  return (
    <Stack gap={2}>
      <Text size="sm">{start || end ? `${formatIsoDate(start) || '…'} – ${formatIsoDate(end) || 'sem prazo'}` : 'Sem contrato'}</Text>
      {state?.kind === 'ending' && (
        <Badge color="yellow" variant="light" size="sm">
          {state.days === 0 ? 'Termina hoje' : state.days === 1 ? 'Termina amanhã' : `Termina em ${state.days} dias`}
        </Badge>
      )}
      {state?.kind === 'ended' && (
        <Badge color="gray" variant="light" size="sm">
          Encerrado
        </Badge>
      )}
    </Stack>
  );
}

/** /fornecedores — suppliers with search, commission and contract, edit and delete. */
export function SuppliersPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { canCreate, canUpdate, canDelete } = useWriteRights('suppliers');
  const search = params.get('search') ?? '';
  const { page, goToPage } = useUrlPage();
  const [draft, setDraft] = useSettledFilter(
    search,
    (text) => setParams(text.trim() ? { search: text.trim() } : {}, { replace: true }),
    (text) => text.trim(),
  );
  const list = useSupplierList(search, page);
  const remove = useDeleteSupplier();

  useEffect(() => {
    if (list.isError) console.error(list.error);
  }, [list.isError, list.error]);

  const onDelete = (s: Supplier) =>
    confirmDelete({
      title: 'Excluir fornecedor',
      message: (
        <Text size="sm">
          Excluir <b>{s.name}</b> ({s.company_name})? Fornecedores com pedidos ou produtos não podem ser excluídos.
        </Text>
      ),
      onConfirm: () => remove.mutate(s.id, mutationToasts('Fornecedor excluído.', 'Não foi possível excluir o fornecedor.')),
    });

  const newButton = canCreate && <NewButton to="/fornecedores/novo">Novo fornecedor</NewButton>;
  const actions = (s: Supplier) =>
    (canUpdate || canDelete) && (
      <RowActions
        label={s.name}
        onEdit={canUpdate ? () => navigate(`/fornecedores/${s.id}/editar`) : undefined}
        onDelete={canDelete ? () => onDelete(s) : undefined}
      />
    );
  const name = (s: Supplier) =>
    canUpdate ? (
      <Anchor component={Link} to={`/fornecedores/${s.id}/editar`} fw={600} size="sm" c="inherit">
        {s.name}
      </Anchor>
    ) : (
      <Text fw={600} size="sm">
        {s.name}
      </Text>
    );

  return (
    <>
      <PageHeader
        title="Fornecedores"
        description="Importadoras e vinícolas parceiras, com a comissão do Adega e o prazo de cada contrato."
        back={{ to: '/', label: 'Início' }}
        actions={newButton}
      />
      <FilterBar label="Buscar fornecedores">
        <Grid.Col span={12}>
          <SearchInput placeholder="Nome, razão social ou e-mail" value={draft} onChange={setDraft} maw={420} />
        </Grid.Col>
      </FilterBar>

      <PagedList
        list={list}
        errorTitle="Não foi possível carregar os fornecedores"
        skeletonRows={4}
        page={page}
        onPageChange={goToPage}
        summary={(total) => countLabel(total, 'fornecedor', 'fornecedores')}
        empty={
          <EmptyState icon={<IconBuildingStore size={26} />} title={search ? 'Nenhum fornecedor encontrado' : 'Nenhum fornecedor ainda'}>
            {search
              ? 'Nenhum fornecedor corresponde a esta busca.'
              : 'Cadastre as importadoras e vinícolas de quem os restaurantes compram.'}
          </EmptyState>
        }
      >
        {(suppliers) => (
          <TableOrCards
            table={
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <TableRows
                  head={
                    <>
                      <Table.Th>Fornecedor</Table.Th>
                      <Table.Th>Contato</Table.Th>
                      <Table.Th ta="right">Comissão</Table.Th>
                      <Table.Th>Contrato</Table.Th>
                      {(canUpdate || canDelete) && <ActionsHeader />}
                    </>
                  }
                  rows={suppliers}
                >
                  {(s) => (
                    <>
                      <Table.Td>
                        {name(s)}
                        <Text size="xs" c="dimmed">
                          {s.company_name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{s.email}</Text>
                        <Text size="xs" c="dimmed">
                          {formatPhone(s.phone)}
                          {s.contact_person ? ` · ${s.contact_person}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatPercent(s.commission_rate)}</Table.Td>
                      <Table.Td>
                        <ContractCell supplier={s} />
                      </Table.Td>
                      {(canUpdate || canDelete) && <Table.Td>{actions(s)}</Table.Td>}
                    </>
                  )}
                </TableRows>
              </Table>
            }
            cards={suppliers.map((s) => (
              <Card key={s.id} withBorder shadow="xs" padding="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    {name(s)}
                    <Text size="xs" c="dimmed">
                      {s.company_name}
                    </Text>
                  </div>
                  {actions(s)}
                </Group>
                <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
                  {s.email} · {formatPhone(s.phone)}
                </Text>
                <Group justify="space-between" mt="xs" align="flex-start">
                  <Text size="sm">Comissão {formatPercent(s.commission_rate)}</Text>
                  <ContractCell supplier={s} />
                </Group>
              </Card>
            ))}
          />
        )}
      </PagedList>
    </>
  );
}
