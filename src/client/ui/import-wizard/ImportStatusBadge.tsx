import { Badge, type MantineSize } from '@mantine/core';
import { IMPORT_STATUS_LABELS, type ImportSummary } from '../../../shared/product-import';

const STATUS_COLORS: Record<ImportSummary['status'], string> = {
  pending: 'dark',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
};

/** An import's status, in the history list and its details. */
export function ImportStatusBadge({ status, size }: { status: ImportSummary['status']; size?: MantineSize }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size}>
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
