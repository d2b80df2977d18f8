import {
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBook2,
  IconBottle,
  IconChartDots3,
  IconExternalLink,
  IconLanguage,
  IconPlus,
  IconQrcode,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { CatalogWine } from '../../../shared/catalog';
import { CELLAR_MESSAGES, SOLD_OUT_DISPLAYS } from '../../../shared/cellar';
import { countOf } from '../../../shared/plural';
import { publicMenuPath } from '../../../shared/public-menu';
import {
  type MenuWineDetail as MenuWine,
  type MenuWineData,
  SOLD_OUT_DISPLAY_LABELS,
  type WineMenu,
  type WineMenuData,
  type WineMenuInput,
  wineMenuInputSchema,
} from '../../../shared/wine-menus';
import { WINE_CATEGORIES } from '../../../shared/wine-vocabulary';
import { ApiError, errorMessage } from '../../lib/api';
import { cellarListQuery } from '../../lib/cellar-queries';
import { useCan } from '../../lib/use-can';
import { useServerForm } from '../../lib/use-server-form';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { mutationToasts, notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { RecordPage } from '../../ui/RecordPage';
import { SaveErrorAlert } from '../../ui/SaveErrorAlert';
import { CatalogImportModal } from './CatalogImportModal';
import { MoveWineModal } from './MoveWineModal';
import {
  type CellarSale,
  useCellarSale,
  useDeleteMenuWine,
  useMenu,
  useReorderWines,
  useSaveMenuWine,
  useToggleAvailability,
  useUpdateMenu,
} from './menus-api';
import { movedText, SortableWineList } from './SortableWineList';
import { WineFilterBar } from './WineFilterBar';
import { WineFormModal } from './WineFormModal';
import { filterWines, isFiltering, NO_FILTER, type WineFilter } from './wine-filter';
import { catalogToForm, EMPTY_WINE, type WineFormValues, wineToForm } from './wine-form-values';

const OTHER = 'Outros';

/** Wines grouped by category in docs/product.md §5 order (unknown categories last), each group in menu order. */
function groupByCategory(wines: MenuWine[]): { category: string; wines: MenuWine[] }[] {
  const sorted = [...wines].sort((a, b) => a.position - b.position);
  const known = WINE_CATEGORIES.map((category) => ({ category: category as string, wines: sorted.filter((w) => w.category === category) }));
  const others = sorted.filter((w) => !(WINE_CATEGORIES as readonly string[]).includes(w.category));
  return [...known, { category: OTHER, wines: others }].filter((g) => g.wines.length > 0);
}

type FormState = { mode: 'closed' } | { mode: 'new'; values: WineFormValues; notice?: string } | { mode: 'edit'; wine: MenuWine };

/** /carta/:id/editar. */
export function MenuEditPage() {
  const { id = '' } = useParams();
  return (
    <RecordPage query={useMenu(id)} failure={FAILURE} loader={<MenuLoader />}>
      {(menu) => <MenuEditor menu={menu} />}
    </RecordPage>
  );
}

const FAILURE = { title: 'Editar carta', back: { to: '/cartas', label: 'Cartas' }, failTitle: 'Não foi possível abrir a carta' };

function MenuLoader() {
  return (
    <Center mih="40vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          Carregando a carta…
        </Text>
      </Stack>
    </Center>
  );
}

function MenuEditor({ menu }: { menu: WineMenu }) {
  const saveWine = useSaveMenuWine(menu.id);
  const deleteWine = useDeleteMenuWine(menu.id);
  const toggle = useToggleAvailability(menu.id);
  const reorder = useReorderWines(menu.id);
  const sale = useCellarSale(menu.id);
  const canReadCellar = useCan('cellar', 'read');
  const cellar = useQuery({ ...cellarListQuery(menu.establishment_id), enabled: canReadCellar });
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [importOpen, setImportOpen] = useState(false);
  const [moving, setMoving] = useState<{ wine: MenuWine; category: string; wines: MenuWine[] } | null>(null);
  const [moved, setMoved] = useState('');
  const [filter, setFilter] = useState<WineFilter>(NO_FILTER);
  const filtering = isFiltering(filter);
  const groups = useMemo(() => groupByCategory(menu.wines), [menu.wines]);
  const shownGroups = useMemo(
    () => (filtering ? groups.map((g) => ({ ...g, wines: filterWines(g.wines, filter) })).filter((g) => g.wines.length > 0) : groups),
    [groups, filter, filtering],
  );
  const shownCount = shownGroups.reduce((n, g) => n + g.wines.length, 0);
  const availableCount = menu.wines.filter((w) => w.available).length;
  const publicPath = publicMenuPath(menu.establishment, menu);

  const onReorderGroup = (category: string, ids: string[]) => {
    const newOrder = groups.flatMap((g) => (g.category === category ? ids : g.wines.map((w) => w.id)));
    reorder.mutate(newOrder, {
      onError: (err) => {
        console.error(err);
        notifyError('Não foi possível salvar a nova ordem. A carta foi recarregada.');
      },
    });
  };

  const onMoveTo = (wine: MenuWine, to: number) => {
    const group = groups.find((g) => g.wines.some((w) => w.id === wine.id));
    setMoving(null);
    if (!group) return;
    const ids = group.wines.map((w) => w.id).filter((wineId) => wineId !== wine.id);
    ids.splice(to, 0, wine.id);
    onReorderGroup(group.category, ids);
    setMoved(movedText(wine.name, to + 1, ids.length, group.category));
  };

  const onSubmitWine = async (values: MenuWineData) => {
    const wineId = form.mode === 'edit' ? form.wine.id : undefined;
    await saveWine.mutateAsync({ wineId, values });
    notifySuccess(wineId ? 'Vinho atualizado.' : `“${values.name}” adicionado à carta.`);
    setForm({ mode: 'closed' });
  };

  const onDelete = (wine: MenuWine) =>
    confirmDelete({
      title: 'Excluir vinho',
      message: (
        <Text size="sm">
          Excluir <b>{wine.name}</b> desta carta?
        </Text>
      ),
      onConfirm: () => deleteWine.mutate(wine.id, mutationToasts('Vinho excluído da carta.', 'Não foi possível excluir o vinho.')),
    });

  const onToggle = (wine: MenuWine, available: boolean) =>
    toggle.mutate(
      { wine, available },
      {
        onSuccess: () => notifySuccess(available ? `${wine.name} voltou para a carta.` : `${wine.name} marcado como indisponível.`),
        onError: (err) => {
          console.error(err);
          notifyError(errorMessage(err, 'Não foi possível alterar a disponibilidade.'));
        },
      },
    );

  const onSale = (wine: MenuWine, kind: CellarSale) =>
    sale.mutate(
      { wine, sale: kind },
      {
        onError: (err) => {
          console.error(err);
          if (err instanceof ApiError && err.status === 409)
            notifyError(
              `${wine.name}: não há ${kind === 'bottle' ? 'garrafa' : 'taça'} na adega para vender.`,
              CELLAR_MESSAGES.insufficient,
            );
          else notifyError(errorMessage(err, 'Não foi possível registrar a venda.'));
        },
      },
    );

  const onSelectFromCatalog = (wine: CatalogWine) => {
    setImportOpen(false);
    const linked = cellar.data?.find((item) => item.catalog_wine_id === wine.id)?.id ?? null;
    setForm({
      mode: 'new',
      values: catalogToForm(wine, linked),
      notice: `Dados importados do catálogo: “${wine.name}”. Informe o preço e a categoria desta carta.`,
    });
  };

  const menuButtons = (
    <>
      <Button component={Link} to={`/carta/${menu.id}/qr`} variant="default" leftSection={<IconQrcode size={18} />}>
        QR code
      </Button>
      <Button component={Link} to={`/carta/${menu.id}/idiomas`} variant="default" leftSection={<IconLanguage size={18} />}>
        Idiomas
      </Button>
      <Button component={Link} to={`/engenharia?carta=${menu.id}`} variant="default" leftSection={<IconChartDots3 size={18} />}>
        Engenharia
      </Button>
      <Button component="a" href={publicPath} target="_blank" rel="noopener" variant="light" leftSection={<IconExternalLink size={18} />}>
        Visualizar
      </Button>
    </>
  );

  const addButtons = (
    <>
      <Button variant="default" leftSection={<IconBook2 size={18} />} onClick={() => setImportOpen(true)}>
        Importar do catálogo
      </Button>
      <Button leftSection={<IconPlus size={18} />} onClick={() => setForm({ mode: 'new', values: EMPTY_WINE })}>
        Adicionar vinho
      </Button>
    </>
  );

  return (
    <>
      <PageHeader
        title={menu.name}
        back={{ to: `/cartas?establishment_id=${menu.establishment_id}`, label: `Cartas de ${menu.establishment.name}` }}
        description={
          <Group gap="xs" wrap="wrap">
            <Text span size="sm" fw={500} c="dark">
              {menu.establishment.name}
            </Text>
            {menu.establishment.sommelier && (
              <Text span size="sm" c="dimmed">
                · Sommelier: {menu.establishment.sommelier}
              </Text>
            )}
          </Group>
        }
        actions={
          <Group gap="sm" visibleFrom="sm">
            {menuButtons}
          </Group>
        }
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {/* Search first: on a phone during service the matches must start above the on-screen keyboard. */}
            {menu.wines.length > 0 && <WineFilterBar value={filter} onChange={setFilter} />}
            {/* While searching on a phone the actions step aside, so the matches sit above the on-screen keyboard. */}
            <Group justify="space-between" wrap="wrap" gap="sm" visibleFrom={filtering ? 'sm' : undefined}>
              <div>
                <Title order={2} fz={22}>
                  Vinhos
                </Title>
                <Text size="sm" c="dimmed">
                  {menu.wines.length === 0
                    ? 'Nenhum vinho ainda.'
                    : `${countOf(menu.wines.length, 'vinho', 'vinhos')}, ${countOf(availableCount, 'disponível', 'disponíveis')} na carta pública`}
                </Text>
              </div>
              <Group gap="xs" wrap="wrap">
                {addButtons}
                <Group gap="xs" hiddenFrom="sm">
                  {menuButtons}
                </Group>
              </Group>
            </Group>

            {menu.wines.length === 0 ? (
              <EmptyState
                icon={<IconBottle size={26} />}
                title="Esta carta ainda não tem vinhos"
                action={<Group gap="sm">{addButtons}</Group>}
              >
                Adicione vinhos um a um ou traga do catálogo global: nome, uva, notas de degustação e harmonização já vêm preenchidos.
              </EmptyState>
            ) : (
              <>
                <Text size="xs" c="dimmed" aria-live="polite" visibleFrom={filtering ? undefined : 'sm'}>
                  {filtering
                    ? `${shownCount} de ${menu.wines.length} vinhos. Limpe a busca para reordenar.`
                    : 'Arraste um vinho pelo ícone ⠿ para mudar sua posição dentro da categoria. Pelo teclado: Tab até o ícone, Espaço para pegar, setas para mover e Espaço para soltar.'}
                </Text>
                {!filtering && (
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    Para mudar a posição de um vinho, toque em ⋮ e escolha Mover para cima, Mover para baixo ou Mover para….
                  </Text>
                )}
                {shownGroups.length === 0 && (
                  <EmptyState
                    icon={<IconSearch size={26} />}
                    title="Nenhum vinho encontrado"
                    action={
                      <Button variant="default" onClick={() => setFilter(NO_FILTER)}>
                        Limpar busca
                      </Button>
                    }
                  >
                    Nenhum vinho desta carta corresponde à busca.
                  </EmptyState>
                )}
                {shownGroups.map((g) => (
                  <section key={g.category} aria-labelledby={`cat-${slugId(g.category)}`}>
                    <Group gap="xs" mb="xs">
                      <Title order={3} fz="md" id={`cat-${slugId(g.category)}`} c="vinho.9" style={{ scrollMarginTop: 140 }}>
                        {g.category}
                      </Title>
                      <Badge size="sm" variant="light" color="gray">
                        {g.wines.length}
                      </Badge>
                    </Group>
                    <SortableWineList
                      category={g.category}
                      wines={g.wines}
                      disabled={reorder.isPending}
                      sortable={!filtering}
                      onReorder={(ids) => onReorderGroup(g.category, ids)}
                      onEdit={(wine) => setForm({ mode: 'edit', wine })}
                      onDelete={onDelete}
                      onToggle={onToggle}
                      onPickPosition={(wine) => setMoving({ wine, category: g.category, wines: g.wines })}
                      lowStockThreshold={menu.low_stock_threshold}
                      onSale={onSale}
                    />
                  </section>
                ))}
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md" style={{ position: 'sticky', top: 80 }}>
            <MenuDetailsCard menu={menu} publicPath={publicPath} />
            {groups.length > 1 && (
              <Paper withBorder shadow="xs" p="md" visibleFrom="lg" component="nav" aria-label="Categorias da carta">
                <Text fw={600} size="sm" mb={6}>
                  Categorias
                </Text>
                <Stack gap={2}>
                  {groups.map((g) => (
                    <Anchor
                      key={g.category}
                      href={`#cat-${slugId(g.category)}`}
                      size="sm"
                      c="dark"
                      onClick={(e) => {
                        e.preventDefault();
                        document.getElementById(`cat-${slugId(g.category)}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                      }}
                    >
                      <Group justify="space-between" wrap="nowrap">
                        <span>{g.category}</span>
                        <Text span size="xs" c="dimmed">
                          {g.wines.length}
                        </Text>
                      </Group>
                    </Anchor>
                  ))}
                </Stack>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      <WineFormModal
        opened={form.mode !== 'closed'}
        title={form.mode === 'edit' ? `Editar ${form.wine.name}` : 'Adicionar vinho'}
        notice={form.mode === 'new' ? form.notice : undefined}
        wineId={form.mode === 'edit' ? form.wine.id : undefined}
        initialValues={form.mode === 'edit' ? wineToForm(form.wine) : form.mode === 'new' ? form.values : EMPTY_WINE}
        cellarItems={canReadCellar ? cellar.data : []}
        onClose={() => setForm({ mode: 'closed' })}
        onSubmit={onSubmitWine}
      />
      <MoveWineModal moving={moving} onClose={() => setMoving(null)} onMove={onMoveTo} />
      <VisuallyHidden role="status" aria-live="polite">
        {moved}
      </VisuallyHidden>
      <CatalogImportModal opened={importOpen} onClose={() => setImportOpen(false)} onSelect={onSelectFromCatalog} />
    </>
  );
}

function slugId(text: string) {
  return text
    .normalize('NFD')
    .replace(/[^\w]+/g, '-')
    .toLowerCase();
}

/** Name and description of the menu, edited in place. */
function MenuDetailsCard({ menu, publicPath }: { menu: WineMenu; publicPath: string }) {
  const update = useUpdateMenu(menu.id);
  const serverForm = useServerForm<WineMenuInput, WineMenuData>({
    schema: wineMenuInputSchema,
    defaults: {
      name: menu.name,
      description: menu.description ?? '',
      establishment_id: menu.establishment_id,
      sold_out_display: menu.sold_out_display,
      low_stock_threshold: menu.low_stock_threshold,
    },
    failMessage: 'Não foi possível salvar a carta.',
    submit: async (values) => {
      await update.mutateAsync({ ...values, slug: menu.slug });
      notifySuccess('Dados da carta salvos.');
      serverForm.form.reset(values);
    },
  });
  const { form, onSubmit, error, formRef } = serverForm;
  const errors = form.formState.errors;

  return (
    <Paper withBorder shadow="xs" p="lg">
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Dados da carta
          </Title>
          <SaveErrorAlert error={error} />
          <TextInput label="Nome da carta" withAsterisk {...form.register('name')} error={errors.name?.message} />
          <Textarea
            label="Descrição"
            autosize
            minRows={3}
            maxRows={8}
            {...form.register('description')}
            error={errors.description?.message}
          />
          <Controller
            control={form.control}
            name="sold_out_display"
            render={({ field }) => (
              <Radio.Group
                label="Quando esgotar"
                description="Vinhos ligados à adega sem nenhuma garrafa; voltam sozinhos quando chegam garrafas."
                value={(field.value as string) ?? 'show'}
                onChange={field.onChange}
              >
                <Stack gap={6} mt={6}>
                  {SOLD_OUT_DISPLAYS.map((value) => (
                    <Radio key={value} value={value} label={SOLD_OUT_DISPLAY_LABELS[value]} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <Controller
            control={form.control}
            name="low_stock_threshold"
            render={({ field, fieldState }) => (
              <NumberInput
                ref={field.ref}
                label="Avisar “Última garrafa” com até"
                description="Garrafas na adega; 0 desliga o aviso."
                rightSection={
                  <Text size="sm" c="dimmed" pr="sm">
                    garrafas
                  </Text>
                }
                rightSectionWidth={80}
                min={0}
                max={99}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                hideControls
                value={(field.value as number | string | undefined) ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Text size="xs" c="dimmed">
            Endereço público:{' '}
            <Anchor href={publicPath} target="_blank" rel="noopener" size="xs">
              {publicPath}
            </Anchor>
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
