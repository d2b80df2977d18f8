import { Text } from '@mantine/core';
import { MoneyField } from '../form-fields';

/** A price in reais: "R$" before it; typed the Brazilian way ("1.250,50") or "89.90", shown as "1.250,50". */
export function PriceField({ name, label, withAsterisk }: { name: string; label: string; withAsterisk?: boolean }) {
  return (
    <MoneyField
      name={name}
      label={label}
      withAsterisk={withAsterisk}
      leftSection={
        <Text size="sm" c="dimmed">
          R$
        </Text>
      }
      placeholder="0,00"
    />
  );
}
