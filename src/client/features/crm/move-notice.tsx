import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Opportunity } from '../../../shared/crm';
import { OPPORTUNITY_STAGE_LABELS, type OpenStage } from '../../../shared/crm-vocabulary';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../ui/notify';

const NOTICE_MS = 10_000;

/** A card moved on the board: say where it went, and offer to put it back. */
export function notifyMoved(opportunity: Opportunity, from: OpenStage, to: OpenStage, undo: () => Promise<void>): void {
  const id = `moved-${opportunity.id}`;
  const onUndo = () => {
    notifications.hide(id);
    undo().then(
      () => notifySuccess(`“${opportunity.title}” voltou para ${OPPORTUNITY_STAGE_LABELS[from]}.`),
      (err: unknown) => notifyError(errorMessage(err, 'Não foi possível desfazer.'), 'Erro ao salvar oportunidade'),
    );
  };
  notifications.show({
    id,
    color: 'green',
    autoClose: NOTICE_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
          “{opportunity.title}” movida para {OPPORTUNITY_STAGE_LABELS[to]}.
        </Text>
        <Button size="compact-sm" variant="light" onClick={onUndo} style={{ flexShrink: 0 }}>
          Desfazer
        </Button>
      </Group>
    ),
  });
}
