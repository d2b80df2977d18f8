import { Badge, Button, Group, Text } from '@mantine/core';
import { IconBottle, IconGlassFull } from '@tabler/icons-react';
import { lowStockLabel, SOLD_OUT_LABEL } from '../../../shared/cellar';
import { countOf } from '../../../shared/plural';
import type { MenuWineDetail } from '../../../shared/wine-menus';
import type { CellarSale } from './menus-api';
import classes from './SortableWineList.module.css';

interface Props {
  wine: MenuWineDetail;
  /** The menu's "Última garrafa" threshold: the row says what the public page says. */
  lowStockThreshold: number;
  onSale(wine: MenuWineDetail, sale: CellarSale): void;
}

/** "3 garrafas" / "Última garrafa" / "Esgotado" as the guests see it, and the whole-bottle and glass counts. */
function CountBadge({ cellar, threshold }: { cellar: NonNullable<MenuWineDetail['cellar']>; threshold: number }) {
  const soldOut = cellar.on_hand === 0 && cellar.open_bottle_doses === 0;
  const low = lowStockLabel(cellar.on_hand, threshold);
  const text = soldOut ? SOLD_OUT_LABEL : (low ?? countOf(cellar.on_hand, 'garrafa', 'garrafas'));
  const style = soldOut ? { color: 'red', c: 'red.9' } : low ? { color: 'yellow', c: '#7a4a00' } : { color: 'gray', c: 'gray.8' };
  return (
    <Badge size="lg" variant="light" color={style.color} c={style.c} tt="none" data-testid="cellar-count">
      {text}
    </Badge>
  );
}

/**
 * The row's cellar line, for service on a phone: the count and one tap per sale (44 px targets). The count changes on
 * screen at once; a screen reader hears it through the live region.
 */
export function CellarQuickSale({ wine, lowStockThreshold, onSale }: Props) {
  const cellar = wine.cellar;
  if (!cellar) return null;
  const glasses = cellar.open_bottle_doses;
  return (
    <div className={classes.cellar}>
      <Group gap="xs" wrap="wrap" justify="space-between">
        {/* The count as a polite live region: a screen reader hears each tap's result. */}
        <Group gap={6} wrap="wrap" role="status" aria-live="polite">
          <CountBadge cellar={cellar} threshold={lowStockThreshold} />
          {glasses > 0 && (
            <Text size="xs" c="dimmed">
              + {countOf(glasses, 'taça', 'taças')} na garrafa aberta
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="md"
            variant="light"
            leftSection={<IconBottle size={18} />}
            aria-label={`−1 garrafa de ${wine.name}`}
            onClick={() => onSale(wine, 'bottle')}
            className={classes.saleButton}
          >
            −1 garrafa
          </Button>
          {wine.by_the_glass && (
            <Button
              size="md"
              variant="light"
              color="grape"
              leftSection={<IconGlassFull size={18} />}
              aria-label={`−1 taça de ${wine.name}`}
              onClick={() => onSale(wine, 'glass')}
              className={classes.saleButton}
            >
              −1 taça
            </Button>
          )}
        </Group>
      </Group>
    </div>
  );
}
