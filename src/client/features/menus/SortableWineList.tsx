import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Group, Image, Menu, Paper, Stack, Switch, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconDotsVertical, IconEdit, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import { formatBRL, toCents } from '../../../shared/money';
import type { MenuWineDetail as MenuWine } from '../../../shared/wine-menus';
import { CountryLabel } from '../../ui/CountryLabel';
import { DeleteRowIcon, EditRowIcon } from '../../ui/RowActionIcons';
import { formatAlcohol, formatVolume } from '../../ui/wine-format';
import { CellarQuickSale } from './CellarQuickSale';
import type { CellarSale } from './menus-api';
import classes from './SortableWineList.module.css';

interface Props {
  category: string;
  wines: MenuWine[];
  disabled?: boolean;
  /** False while the list is filtered: a partial list cannot be reordered. */
  sortable?: boolean;
  onReorder(ids: string[]): void;
  onEdit(wine: MenuWine): void;
  onDelete(wine: MenuWine): void;
  onToggle(wine: MenuWine, available: boolean): void;
  /** "Mover para…" on a phone: opens the position picker for this wine. */
  onPickPosition(wine: MenuWine): void;
  /** The menu's "Última garrafa" threshold, for the cellar count of linked wines. */
  lowStockThreshold: number;
  /** "−1 garrafa" / "−1 taça" on a wine linked to the cellar. */
  onSale(wine: MenuWine, sale: CellarSale): void;
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'Para reordenar, pressione Espaço ou Enter para pegar o vinho. Use as setas para cima e para baixo para movê-lo, ' +
    'Espaço ou Enter para soltar na nova posição, ou Esc para cancelar.',
};

/** What a screen reader hears once a wine has moved, by drag or by the phone's buttons. */
export const movedText = (name: string, position: number, total: number, category: string) =>
  `${name} movido para a posição ${position} de ${total} em ${category}.`;

/**
 * One category's wines, reorderable with the mouse, touch or the keyboard (docs/product.md §2 "Menu edit"); below
 * 768 px, where the drag handle is hidden, through each row's menu: up, down or "Mover para…" (docs/decisions/0041).
 */
export function SortableWineList({
  category,
  wines,
  disabled,
  sortable = true,
  onReorder,
  onEdit,
  onDelete,
  onToggle,
  onPickPosition,
  lowStockThreshold,
  onSale,
}: Props) {
  const [moved, setMoved] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = wines.map((w) => w.id);
  const nameOf = (id: string | number) => wines.find((w) => w.id === id)?.name ?? 'Vinho';
  const positionOf = (id: string | number) => ids.indexOf(String(id)) + 1;
  const total = wines.length;

  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nameOf(active.id)} selecionado, na posição ${positionOf(active.id)} de ${total} em ${category}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} movido para a posição ${positionOf(over.id)} de ${total}.` : `${nameOf(active.id)} está fora da lista.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} solto na posição ${positionOf(over.id)} de ${total}.`
        : `${nameOf(active.id)} solto fora da lista; a ordem não mudou.`,
    onDragCancel: ({ active }) => `Movimento cancelado. ${nameOf(active.id)} voltou à posição ${positionOf(active.id)}.`,
  };

  const moveBy = (wine: MenuWine, step: -1 | 1) => {
    const from = ids.indexOf(wine.id);
    const to = from + step;
    if (from < 0 || to < 0 || to >= total) return;
    onReorder(arrayMove(ids, from, to));
    setMoved(movedText(wine.name, to + 1, total, category));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Vinhos: ${category}`}>
          {wines.map((wine, index) => (
            <SortableWine
              key={wine.id}
              wine={wine}
              disabled={disabled}
              sortable={sortable}
              first={index === 0}
              last={index === total - 1}
              onEdit={onEdit}
              onDelete={onDelete}
              onToggle={onToggle}
              onMoveBy={(step) => moveBy(wine, step)}
              onPickPosition={() => onPickPosition(wine)}
              lowStockThreshold={lowStockThreshold}
              onSale={onSale}
            />
          ))}
        </Stack>
      </SortableContext>
      <VisuallyHidden role="status" aria-live="polite">
        {moved}
      </VisuallyHidden>
    </DndContext>
  );
}

/** Fields another part of the product adds to menu wines; shown when the API sends them. */
type WineOrigin = { producer?: string | null; vintage?: number | string | null; region?: string | null };

function SortableWine({
  wine,
  disabled,
  sortable,
  first,
  last,
  onEdit,
  onDelete,
  onToggle,
  onMoveBy,
  onPickPosition,
  lowStockThreshold,
  onSale,
}: {
  wine: MenuWine;
  disabled?: boolean;
  sortable: boolean;
  first: boolean;
  last: boolean;
  onEdit(wine: MenuWine): void;
  onDelete(wine: MenuWine): void;
  onToggle(wine: MenuWine, available: boolean): void;
  onMoveBy(step: -1 | 1): void;
  onPickPosition(): void;
  lowStockThreshold: number;
  onSale(wine: MenuWine, sale: CellarSale): void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: wine.id,
    disabled: disabled || !sortable,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 10 : undefined,
  };
  const { producer, vintage, region } = wine as MenuWine & WineOrigin;
  const origin = [producer, vintage, region].filter(Boolean).join(' · ');
  const details = [wine.grape_variety, wine.wine_style, formatAlcohol(wine.alcohol_content), formatVolume(wine.volume)].filter(Boolean);

  return (
    <Box component="li" ref={setNodeRef} style={style} data-testid="menu-wine" data-wine-name={wine.name}>
      <Paper
        withBorder
        p="sm"
        radius="md"
        shadow={isDragging ? 'lg' : undefined}
        style={{ background: wine.available ? undefined : 'var(--mantine-color-gray-0)' }}
      >
        <div className={classes.row}>
          <div className={classes.grip}>
            {sortable && (
              <Tooltip label="Arraste para reordenar" openDelay={600}>
                <ActionIcon
                  ref={setActivatorNodeRef}
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`Mover ${wine.name}`}
                  style={{ cursor: disabled ? 'not-allowed' : isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
                  {...attributes}
                  {...listeners}
                >
                  <IconGripVertical size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </div>
          {wine.image_url && <Image className={classes.image} src={wine.image_url} alt="" w={44} h={60} fit="contain" radius="sm" />}
          <div className={classes.main}>
            <Text fw={600} className={classes.name} c={wine.available ? undefined : 'dimmed'}>
              {wine.name}
            </Text>
            {origin && <Text size="sm">{origin}</Text>}
            {(wine.country || details.length > 0) && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {wine.country && <CountryLabel country={wine.country} />}
                {details.length > 0 && `${wine.country ? ' · ' : ''}${details.join(' · ')}`}
              </Text>
            )}
            {wine.description && (
              <Text size="sm" c="dimmed" lineClamp={2} visibleFrom="sm">
                {wine.description}
              </Text>
            )}
          </div>
          <div className={classes.price}>
            <Text fw={700} fz={{ base: 'md', sm: 'lg' }} c="vinho.8" style={{ whiteSpace: 'nowrap' }}>
              {formatBRL(wine.price)}
            </Text>
            {/* A one-glass bottle is sold whole at one price (decision 0081): no second line for the same price. */}
            {wine.by_the_glass && wine.effective_glass_price !== null && toCents(wine.effective_glass_price) !== toCents(wine.price) && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                Taça {formatBRL(wine.effective_glass_price)}
              </Text>
            )}
          </div>
          <div className={classes.controls}>
            <Switch
              size="md"
              color="green"
              label={wine.available ? 'Disponível' : 'Indisponível'}
              labelPosition="left"
              checked={wine.available}
              onChange={(e) => onToggle(wine, e.currentTarget.checked)}
              aria-label={`Disponível: ${wine.name}`}
              styles={{ label: { fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-text)', cursor: 'pointer' } }}
              mr={4}
            />
            <Group gap={2} wrap="nowrap" visibleFrom="sm">
              <EditRowIcon label={wine.name} onClick={() => onEdit(wine)} />
              <DeleteRowIcon label={wine.name} onClick={() => onDelete(wine)} />
            </Group>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="xl" hiddenFrom="sm" aria-label={`Ações de ${wine.name}`}>
                  <IconDotsVertical size={20} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {sortable && !(first && last) && (
                  <>
                    <Menu.Item leftSection={<IconArrowUp size={16} />} disabled={first || disabled} onClick={() => onMoveBy(-1)}>
                      Mover para cima
                    </Menu.Item>
                    <Menu.Item leftSection={<IconArrowDown size={16} />} disabled={last || disabled} onClick={() => onMoveBy(1)}>
                      Mover para baixo
                    </Menu.Item>
                    <Menu.Item leftSection={<IconArrowsSort size={16} />} disabled={disabled} onClick={onPickPosition}>
                      Mover para…
                    </Menu.Item>
                    <Menu.Divider />
                  </>
                )}
                <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onEdit(wine)}>
                  Editar
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(wine)}>
                  Excluir
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </div>
          <CellarQuickSale wine={wine} lowStockThreshold={lowStockThreshold} onSale={onSale} />
        </div>
      </Paper>
    </Box>
  );
}
