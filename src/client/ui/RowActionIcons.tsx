import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';

/** Pencil button of a table row; `label` names the row for screen readers ("Editar {label}"). */
export function EditRowIcon({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Tooltip label="Editar">
      <ActionIcon variant="subtle" color="gray" aria-label={`Editar ${label}`} onClick={onClick}>
        <IconEdit size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Bin button of a table row ("Excluir {label}"); the caller asks for confirmation. */
export function DeleteRowIcon({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Tooltip label="Excluir">
      <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${label}`} onClick={onClick}>
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
