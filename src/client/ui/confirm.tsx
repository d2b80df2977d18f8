import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/** A red confirmation dialog before deleting something. */
export function confirmDelete({
  title,
  message,
  confirmLabel = 'Excluir',
  onConfirm,
}: {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm(): void;
}) {
  modals.openConfirmModal({
    title,
    centered: true,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
