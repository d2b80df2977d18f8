import { ActionIcon, Button, Menu, Paper, Select, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconBottle, IconDots, IconEdit, IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { WineMenuSummary } from '../../../shared/wine-menus';
import { useCan } from '../../lib/use-can';
import { useWriteRights } from '../../lib/use-write-rights';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { MenuRows } from '../../ui/MenuRows';
import { NewButton } from '../../ui/NewButton';
import { mutationToasts } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { QueryView } from '../../ui/QueryView';
import { useDeleteMenu, useEstablishmentList, useMenuList } from './menus-api';

/** /cartas?establishment_id= : the menus of one establishment, or every menu the user can see. */
export function MenusPage() {
  const [params, setParams] = useSearchParams();
  const establishmentId = params.get('establishment_id') || null;
  const menus = useMenuList(establishmentId);
  const establishments = useEstablishmentList();
  const remove = useDeleteMenu();
  const { canCreate, canUpdate, canDelete } = useWriteRights('menus');
  const canEditEstablishment = useCan('establishments', 'update');
  const establishment = establishments.data?.find((e) => e.id === establishmentId);

  const newMenuPath = establishmentId ? `/carta/nova?establishment_id=${establishmentId}` : '/carta/nova';

  const onDelete = (m: WineMenuSummary) =>
    confirmDelete({
      title: 'Excluir carta',
      message: (
        <Text size="sm">
          Excluir a carta <b>{m.name}</b> de {m.establishment_name}, com seus {m.wine_count} vinhos? O QR code impresso deixa de funcionar.
        </Text>
      ),
      confirmLabel: 'Excluir carta',
      onConfirm: () => remove.mutate(m.id, mutationToasts('Carta excluída.', 'Não foi possível excluir a carta.')),
    });

  return (
    <>
      <PageHeader
        title={establishment ? `Cartas de ${establishment.name}` : 'Cartas'}
        description={establishment ? 'As cartas deste estabelecimento e seus QR codes.' : 'Todas as cartas que você pode ver.'}
        back={{ to: '/', label: 'Início' }}
        actions={
          <>
            {establishment && canEditEstablishment && (
              <Button
                component={Link}
                to={`/estabelecimento/${establishment.id}/editar`}
                variant="default"
                leftSection={<IconEdit size={16} />}
              >
                Editar estabelecimento
              </Button>
            )}
            {canCreate && <NewButton to={newMenuPath}>Nova carta</NewButton>}
          </>
        }
      >
        {(establishments.data?.length ?? 0) > 1 && (
          <Select
            mt="xs"
            maw={340}
            label="Estabelecimento"
            placeholder="Todos os estabelecimentos"
            clearable
            data={(establishments.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            value={establishmentId}
            onChange={(v) => setParams(v ? { establishment_id: v } : {})}
          />
        )}
      </PageHeader>

      <QueryView
        query={menus}
        errorTitle="Não foi possível carregar as cartas"
        loading={
          <Paper withBorder p="md">
            <Skeleton h={22} mb="sm" />
            <Skeleton h={22} mb="sm" />
            <Skeleton h={22} />
          </Paper>
        }
      >
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState
              icon={<IconBottle size={26} />}
              title="Nenhuma carta ainda"
              action={canCreate && <NewButton to={newMenuPath}>Nova carta</NewButton>}
            >
              {establishment
                ? `Crie a primeira carta de ${establishment.name}.`
                : 'Crie uma carta para começar a montar a lista de vinhos.'}
            </EmptyState>
          ) : (
            <MenuRows
              menus={rows}
              subtitle={(m) => (establishmentId ? m.description : m.establishment_name)}
              canEdit={canUpdate}
              extraActions={(m) =>
                canDelete && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Tooltip label="Mais ações">
                        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Mais ações da carta ${m.name}`}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(m)}>
                        Excluir carta
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                )
              }
            />
          )
        }
      </QueryView>
    </>
  );
}
