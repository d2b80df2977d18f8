import { List, Stack, Text } from '@mantine/core';
import { deliveredWines } from '../../../shared/cellar';
import type { OrderDetail } from '../../../shared/orders';
import { countOf } from '../../../shared/plural';

/**
 * What "Marcar como entregue" will put in the establishment's cellar (the server fills it with the same grouping,
 * shared/cellar.ts deliveredWines): one line per wine, its bottles, and the lines whose catalogue wine is gone.
 */
export function DeliveryIntoCellar({ order }: { order: OrderDetail }) {
  const wines = deliveredWines(order.items);
  return (
    <Stack gap="sm">
      <Text size="sm">
        Marcar o pedido #{order.number} como entregue? Estas garrafas entram na adega da casa de {order.establishment_name}:
      </Text>
      <List size="sm" spacing={4} aria-label="Entram na adega" data-testid="delivery-into-cellar">
        {wines.map((wine) => (
          <List.Item key={wine.wine_id ?? `name:${wine.name}`}>
            <b>{wine.name}</b>: {countOf(wine.quantity, 'garrafa', 'garrafas')}
            {wine.wine_id === null && (
              <Text span size="xs" c="dimmed">
                {' '}
                (fora do catálogo: entra pelo nome, sem ligar à carta)
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        Um vinho que ainda não está na adega entra com estoque ideal igual à quantidade pedida e fica ligado aos vinhos da carta do mesmo
        vinho do catálogo.
      </Text>
    </Stack>
  );
}
