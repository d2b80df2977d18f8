import { Button, Paper, SimpleGrid, Skeleton, Tabs, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBottle,
  IconClipboardCheck,
  IconFileImport,
  IconPackages,
  IconPlus,
  IconTrendingDown,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CellarItem } from '../../../shared/cellar';
import { pluralWord } from '../../../shared/plural';
import { useCan } from '../../lib/use-can';
import { useChosenEstablishment } from '../../lib/use-chosen-establishment';
import { useUrlParams } from '../../lib/use-url-params';
import { EstablishmentScreen } from '../../ui/EstablishmentScreen';
import { LoadErrorAlert } from '../../ui/ListStates';
import { notifySuccess } from '../../ui/notify';
import { CellarFiguresPanel } from './CellarFiguresPanel';
import { CellarItemFormModal } from './CellarItemFormModal';
import { CellarStockList } from './CellarStockList';
import { useCellarList } from './cellar-api';
import { MovementsModal } from './MovementsModal';
import { ReorderPanel } from './ReorderPanel';
import { TillDiscrepancies } from './TillDiscrepancies';

import { useCellarQuickSale } from './use-cellar-quick-sale';

const TABS = ['estoque', 'reposicao', 'indicadores'] as const;
type Tab = (typeof TABS)[number];

type Dialog = { kind: 'item'; item: CellarItem | null } | { kind: 'history'; item: CellarItem } | null;

/** /adega — the house cellar of one establishment: stock, reorder suggestions and figures, in three tabs. */
export function CellarPage() {
  const chosen = useChosenEstablishment();
  const { establishment } = chosen;
  const { params, update } = useUrlParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('aba') ?? '') ? (params.get('aba') as Tab) : 'estoque';
  const setTab = (value: string | null) =>
    update((next) => {
      if (value && value !== 'estoque') next.set('aba', value);
      else next.delete('aba');
    });
  const [dialog, setDialog] = useState<Dialog>(null);
  const canCreate = useCan('cellar', 'create');
  const canUpdate = useCan('cellar', 'update');
  const canMove = useCan('cellar', 'move');
  const establishmentId = establishment?.id ?? '';
  const items = useCellarList(establishmentId);
  const sale = useCellarQuickSale(establishmentId);

  return (
    <EstablishmentScreen
      chosen={chosen}
      header={{
        title: 'Adega da casa',
        description: establishment
          ? `As garrafas de ${establishment.name}: o que há na prateleira, o que repor e o que mais gira.`
          : 'As garrafas do estabelecimento: o que há na prateleira, o que repor e o que mais gira.',
        back: { to: '/', label: 'Início' },
        actions: establishment && (
          <>
            {canMove && (
              <Button
                component={Link}
                to={`/adega/recontagem?establishment_id=${establishment.id}`}
                variant="default"
                leftSection={<IconClipboardCheck size={18} />}
              >
                Recontagem
              </Button>
            )}
            {canMove && (
              <Button
                component={Link}
                to={`/adega/importar-vendas?establishment_id=${establishment.id}`}
                variant="default"
                leftSection={<IconFileImport size={18} />}
              >
                Importar vendas do PDV
              </Button>
            )}
            {canCreate && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'item', item: null })}>
                Novo vinho
              </Button>
            )}
          </>
        ),
      }}
      empty={{
        icon: <IconBottle size={26} />,
        text: 'A adega pertence a um estabelecimento. Cadastre um estabelecimento para controlar suas garrafas.',
      }}
    >
      {(chosen) => (
        <>
          <CellarSummary items={items.data} loading={items.isPending && !items.isError} />
          <TillDiscrepancies establishmentId={chosen.id} canRecount={canMove} />
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            {/* No icons: the three labels fit one line of a 390 px phone. */}
            <Tabs.List mb="md" grow maw={560}>
              <Tabs.Tab value="estoque" px="xs" fw={600}>
                Estoque
              </Tabs.Tab>
              <Tabs.Tab value="reposicao" px="xs" fw={600}>
                Reposição
              </Tabs.Tab>
              <Tabs.Tab value="indicadores" px="xs" fw={600}>
                Indicadores
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="estoque">
              {items.isError ? (
                <LoadErrorAlert title="Não foi possível carregar a adega" error={items.error} />
              ) : (
                <CellarStockList
                  items={items.data}
                  onNew={canCreate ? () => setDialog({ kind: 'item', item: null }) : undefined}
                  onEdit={canUpdate ? (item) => setDialog({ kind: 'item', item }) : undefined}
                  onHistory={(item) => setDialog({ kind: 'history', item })}
                  onSale={canMove ? (item, kind) => sale.mutate({ item, sale: kind }) : undefined}
                />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="reposicao">
              <ReorderPanel establishmentId={establishmentId} />
            </Tabs.Panel>
            <Tabs.Panel value="indicadores">
              <CellarFiguresPanel establishmentId={establishmentId} />
            </Tabs.Panel>
          </Tabs>

          <CellarItemFormModal
            opened={dialog?.kind === 'item'}
            establishmentId={establishmentId}
            item={dialog?.kind === 'item' ? dialog.item : null}
            onClose={() => setDialog(null)}
            onSaved={(message) => {
              setDialog(null);
              notifySuccess(message);
            }}
          />
          <MovementsModal
            establishmentId={establishmentId}
            canMove={canMove}
            item={dialog?.kind === 'history' ? (items.data?.find((i) => i.id === dialog.item.id) ?? dialog.item) : null}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </EstablishmentScreen>
  );
}

function SummaryCard({
  label,
  value,
  icon,
  color,
  loading,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  color: string;
  loading: boolean;
}) {
  return (
    <Paper withBorder shadow="xs" p="md" radius="md" role="group" aria-label={label}>
      <ThemeIcon variant="light" color={color} size={36} radius="md" mb={8} aria-hidden>
        {icon}
      </ThemeIcon>
      {loading ? (
        <Skeleton h={28} w={60} />
      ) : (
        <Text fz={26} fw={700} lh={1.1}>
          {value.toLocaleString('pt-BR')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

function CellarSummary({ items, loading }: { items: CellarItem[] | undefined; loading: boolean }) {
  const all = items ?? [];
  const count = (status: string) => all.filter((i) => i.status === status).length;
  const bottles = all.reduce((n, i) => n + i.on_hand, 0);
  // The figure sits above its words: "1 / Vinho na adega", "2 / Vinhos na adega".
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} mb="lg">
      <SummaryCard
        label={pluralWord(all.length, 'Vinho na adega', 'Vinhos na adega')}
        value={all.length}
        icon={<IconBottle size={20} />}
        color="vinho"
        loading={loading}
      />
      <SummaryCard
        label={pluralWord(bottles, 'Garrafa em estoque', 'Garrafas em estoque')}
        value={bottles}
        icon={<IconPackages size={20} />}
        color="blue"
        loading={loading}
      />
      <SummaryCard label="Abaixo do ideal" value={count('low')} icon={<IconTrendingDown size={20} />} color="yellow" loading={loading} />
      <SummaryCard
        label={pluralWord(count('sold_out'), 'Esgotado', 'Esgotados')}
        value={count('sold_out')}
        icon={<IconAlertTriangle size={20} />}
        color="red"
        loading={loading}
      />
    </SimpleGrid>
  );
}
