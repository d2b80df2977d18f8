import { Badge, Text } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/orders';

const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  shipped: 'grape',
  delivered: 'green',
  cancelled: 'gray',
};

export function OrderStatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A supplier as people call it: its company, the contact person under it. */
export function SupplierName({ company, contact }: { company: string; contact: string }) {
  return (
    <>
      {company}
      {contact && contact !== company && (
        <Text component="span" display="block" size="xs" c="dimmed">
          Contato: {contact}
        </Text>
      )}
    </>
  );
}
