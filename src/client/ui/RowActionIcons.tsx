import { ActionIcon, Button, Group, type MantineColor, Table, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface RowIconProps {
  label: string;
  onClick(): void;
}

/** An icon button of a table row with its verb as tooltip; with the row's label it names the button ("Editar {label}"). */
function RowIcon({ verb, color, icon, label, onClick }: RowIconProps & { verb: string; color: MantineColor; icon: ReactNode }) {
  return (
    <Tooltip label={verb}>
      <ActionIcon variant="subtle" color={color} aria-label={`${verb} ${label}`} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** Pencil button of a table row; `label` names the row for screen readers ("Editar {label}"). */
export const EditRowIcon = (props: RowIconProps) => <RowIcon verb="Editar" color="gray" icon={<IconEdit size={18} />} {...props} />;

/** Bin button of a table row ("Excluir {label}"); the caller asks for confirmation. */
export const DeleteRowIcon = (props: RowIconProps) => <RowIcon verb="Excluir" color="red" icon={<IconTrash size={18} />} {...props} />;

interface RowActionsProps {
  /** Names the row for screen readers ("Editar {label}", "Excluir {label}"). */
  label: string;
  /** Left out where the user may not edit. */
  onEdit?(): void;
  /** Left out where the user may not delete. */
  onDelete?(): void;
  /** The row's own actions, before Editar and Excluir. */
  children?: ReactNode;
}

/** The actions of a table row, on the right: its own buttons, then the pencil and the bin. */
export function RowActions({ label, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      {onEdit && <EditRowIcon label={label} onClick={onEdit} />}
      {onDelete && <DeleteRowIcon label={label} onClick={onDelete} />}
    </Group>
  );
}

interface RowActionButtonProps {
  /** The visible verb ("Concluir"); with the row's label it names the button ("Concluir {label}"). */
  action: string;
  label: string;
  icon: ReactNode;
  color?: MantineColor;
  loading?: boolean;
  /** Says more on hover. */
  tooltip?: string;
  onClick(): void;
}

/** A small labelled button among a row's actions. */
export function RowActionButton({ action, label, icon, color, loading, tooltip, onClick }: RowActionButtonProps) {
  const button = (
    <Button
      size="compact-sm"
      variant="light"
      color={color}
      leftSection={icon}
      loading={loading}
      onClick={onClick}
      aria-label={`${action} ${label}`}
    >
      {action}
    </Button>
  );
  return tooltip ? <Tooltip label={tooltip}>{button}</Tooltip> : button;
}

/** The header of a table's actions column: named for screen readers only. */
export function ActionsHeader() {
  return (
    <Table.Th w={90}>
      <span className="visually-hidden">Ações</span>
    </Table.Th>
  );
}
