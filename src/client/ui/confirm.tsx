import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/** A red confirmation dialog before deleting something; `name`, when given, stands in bold under the question. */
export function confirmDelete({
  title,
  message,
  name,
  confirmLabel = 'Excluir',
  onConfirm,
}: {
  title: string;
  message: ReactNode;
  name?: string;
  confirmLabel?: string;
  onConfirm(): void;
}) {
  const question = typeof message === 'string' ? <Text size="sm">{message}</Text> : message;
  modals.openConfirmModal({
    title,
    centered: true,
    children: name ? (
      <>
        {question}
        <Text size="sm" fw={600} mt={4}>
          {name}
        </Text>
      </>
    ) : (
      question
    ),
    labels: { confirm: confirmLabel, cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** Asks before throwing away a form's changes (closing it or leaving the page); Esc or X on the question keeps editing. */
export function confirmDiscard({ onDiscard, onKeep }: { onDiscard(): void; onKeep?(): void }) {
  let discarded = false;
  modals.openConfirmModal({
    title: 'Descartar alterações?',
    centered: true,
    children: <Text size="sm">Você fez alterações que ainda não foram salvas. Se sair agora, elas serão perdidas.</Text>,
    labels: { confirm: 'Descartar alterações', cancel: 'Continuar editando' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      discarded = true;
      onDiscard();
    },
    onClose: () => {
      if (!discarded) onKeep?.();
    },
  });
}
