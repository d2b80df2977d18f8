import { Text } from '@mantine/core';
import { NumberField } from '../form-fields';

/** A price in reais: "R$" before it, comma decimals, always two places. */
export function PriceField({ name, label, withAsterisk }: { name: string; label: string; withAsterisk?: boolean }) {
  return (
    <NumberField
      name={name}
      label={label}
      withAsterisk={withAsterisk}
      leftSection={
        <Text size="sm" c="dimmed">
          R$
        </Text>
      }
      placeholder="0,00"
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      fixedDecimalScale
      step={0.01}
      min={0}
      hideControls
    />
  );
}
