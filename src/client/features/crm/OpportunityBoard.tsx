import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Opportunity } from '../../../shared/crm';
import { OPEN_STAGES, OPPORTUNITY_STAGE_LABELS, type OpenStage } from '../../../shared/crm-vocabulary';
import { formatBRL } from '../../../shared/money';
import { CutDescription, STAGE_COLOR } from './crm-ui';

/** "1234.50" -> 123450: column totals are added in integer cents. */
export const centsOf = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)) * (value.startsWith('-') ? -1 : 1);
};

/** One column per open stage; cards dragged between them (mouse, touch or keyboard: Espaço, setas, Espaço). */
export function OpportunityBoard({
  items,
  onMove,
  onMoved,
}: {
  items: Opportunity[];
  onMove(opportunity: Opportunity, stage: OpenStage): Promise<unknown>;
  /** A move was saved; `undo` puts the card back where it was (and saves that). */
  onMoved?(opportunity: Opportunity, from: OpenStage, to: OpenStage, undo: () => Promise<void>): void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  // Where a card was dropped, until the list reloads with its new stage.
  const [moved, setMoved] = useState<Record<string, OpenStage>>({});
  const stageOf = (o: Opportunity) => moved[o.id] ?? o.stage;
  const open = items.filter((o) => (OPEN_STAGES as readonly string[]).includes(stageOf(o)));

  // The reloaded list has caught up with a move: its own stage is the truth again (an undo may move it back).
  useEffect(() => {
    setMoved((m) => {
      const pending = Object.entries(m).filter(([id, stage]) => items.find((o) => o.id === id)?.stage !== stage);
      return pending.length === Object.keys(m).length ? m : Object.fromEntries(pending);
    });
  }, [items]);

  const forget = (id: string) =>
    setMoved((m) => Object.fromEntries(Object.entries(m).filter(([other]) => other !== id)) as Record<string, OpenStage>);

  const move = (opportunity: Opportunity, from: OpenStage, to: OpenStage, undoable: boolean): Promise<void> => {
    setMoved((m) => ({ ...m, [opportunity.id]: to }));
    return onMove(opportunity, to).then(
      () => {
        if (undoable) onMoved?.(opportunity, from, to, () => move(opportunity, to, from, false));
      },
      // A refused move puts the card back.
      (err: unknown) => {
        forget(opportunity.id);
        if (!undoable) throw err;
      },
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const stage = over?.id as OpenStage | undefined;
    const opportunity = open.find((o) => o.id === active.id);
    if (!stage || !opportunity) return;
    const from = stageOf(opportunity) as OpenStage;
    if (from === stage) return;
    void move(opportunity, from, stage, true);
  };

  return (
    <DndContext
      sensors={sensors}
      // The board scrolls when a card nears its edge; on a phone the next column is already within the outer fifth, so
      // only the outer tenth scrolls: the card can rest on the column beside it.
      autoScroll={{ threshold: { x: 0.1, y: 0.2 } }}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: 'Para mover, pressione Espaço, use as setas e Espaço de novo para soltar.' },
      }}
    >
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
          {OPEN_STAGES.map((stage) => (
            <Column key={stage} stage={stage} items={open.filter((o) => stageOf(o) === stage)} />
          ))}
        </Group>
      </ScrollArea>
    </DndContext>
  );
}

function Column({ stage, items }: { stage: OpenStage; items: Opportunity[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const total = items.reduce((sum, o) => sum + centsOf(o.value), 0) / 100;
  const label = OPPORTUNITY_STAGE_LABELS[stage];
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      w={270}
      miw={270}
      bg={isOver ? 'var(--mantine-color-gray-1)' : 'var(--mantine-color-gray-0)'}
      style={{ borderTop: `3px solid var(--mantine-color-${STAGE_COLOR[stage]}-6)` }}
      aria-label={`Etapa ${label}`}
      role="region"
      // The column a dragged card would drop into (a test waits for it before letting go).
      data-drop-target={isOver || undefined}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700} size="sm">
          {label}
        </Text>
        <Badge variant="light" color="gray" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
          {items.length}
        </Badge>
      </Group>
      <Text size="sm" fw={600} mb="sm" data-testid={`total-${stage}`}>
        {formatBRL(total)}
      </Text>
      <Stack gap="xs" mih={80}>
        {items.map((o) => (
          <Card key={o.id} opportunity={o} />
        ))}
      </Stack>
    </Paper>
  );
}

function Card({ opportunity }: { opportunity: Opportunity }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: opportunity.id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      shadow={isDragging ? 'md' : 'xs'}
      p="xs"
      radius="sm"
      bg="white"
      style={{
        cursor: 'grab',
        touchAction: 'none',
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
      }}
      {...attributes}
      {...listeners}
    >
      <Text size="sm" fw={600} lineClamp={2}>
        {opportunity.title}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {opportunity.lead_name}
      </Text>
      <CutDescription text={opportunity.description} />
      <Group justify="space-between" mt={4}>
        <Text size="sm">{formatBRL(opportunity.value)}</Text>
        <Text size="xs" c="dimmed">
          {opportunity.probability}%
        </Text>
      </Group>
    </Paper>
  );
}
