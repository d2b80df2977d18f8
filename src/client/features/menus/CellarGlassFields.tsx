import { Grid, Text } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import type { CellarItem } from '../../../shared/cellar';
import { formatBRL, parseMoney } from '../../../shared/money';
import { defaultGlassDoses, effectiveGlassPrice } from '../../../shared/wine-menus';
import { CheckboxField, NumberField, PriceField, SelectField, WholeNumberField } from '../../ui/form-fields';
import type { WineFormValues } from './wine-form-values';

/** "20", "12,5" -> 20, 12.5; anything else -> null (the schema explains it on save). */
function percent(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim().replace(/%$/, '').replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The computed glass price for the values typed so far, or null while the bottle price is not readable. */
function computedGlassPrice(values: Pick<WineFormValues, 'price' | 'glass_doses' | 'glass_markup_percent' | 'volume'>): number | null {
  const price = parseMoney(values.price);
  if (typeof price !== 'number' || price < 0) return null;
  const doses = Number(values.glass_doses) || defaultGlassDoses(values.volume as string | undefined);
  if (!Number.isInteger(doses) || doses < 1) return null;
  return effectiveGlassPrice({
    price: price.toFixed(2),
    glass_price: null,
    glass_doses: doses,
    glass_markup_percent: percent(values.glass_markup_percent),
  });
}

/**
 * The wine form's "Adega e taça" section: which cellar item the wine draws from (the public page then says
 * "Esgotado" / "Última garrafa" by its count), and the glass: sold by the glass, its price typed or computed.
 */
export function CellarGlassFields({ cellarItems }: { cellarItems: CellarItem[] | undefined }) {
  const { control } = useFormContext<WineFormValues>();
  const [byTheGlass, price, doses, markup, volume, glassPrice] = useWatch({
    control,
    name: ['by_the_glass', 'price', 'glass_doses', 'glass_markup_percent', 'volume', 'glass_price'],
  });
  const computed = computedGlassPrice({ price, glass_doses: doses, glass_markup_percent: markup, volume });
  const typed = glassPrice !== '' && glassPrice !== null && glassPrice !== undefined;
  const options = (cellarItems ?? [])
    .map((i) => ({
      value: i.id,
      label: `${[i.name, i.vintage].filter(Boolean).join(' ')} · ${i.on_hand} ${i.on_hand === 1 ? 'garrafa' : 'garrafas'}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <SelectField
          name="cellar_item_id"
          emptyValue={null}
          label="Vinho da adega"
          description="A carta mostra “Esgotado” e “Última garrafa” pela contagem deste vinho, e o “−1 garrafa” da lista desconta dele."
          placeholder={
            cellarItems === undefined ? 'Carregando a adega…' : options.length === 0 ? 'A adega está vazia' : 'Sem ligação com a adega'
          }
          searchable
          clearable
          nothingFoundMessage="Nenhum vinho da adega"
          data={options}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <CheckboxField
          name="by_the_glass"
          label="Vendido em taça"
          description="A carta mostra “Taça R$ X · Garrafa R$ Y” e o vinho entra no filtro “Por taça”."
        />
      </Grid.Col>
      {byTheGlass && (
        <>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PriceField
              name="glass_price"
              label="Preço da taça"
              placeholder={computed === null ? '0,00' : `${computed},00`}
              description={
                typed
                  ? 'Digitado: vale este preço.'
                  : computed === null
                    ? 'Informe o preço da garrafa.'
                    : `Calculado: ${formatBRL(computed)}`
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <WholeNumberField
              name="glass_doses"
              label="Taças por garrafa"
              placeholder={String(defaultGlassDoses(volume as string | undefined))}
              description="150 ml cada"
              min={1}
              max={50}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NumberField
              name="glass_markup_percent"
              label="Acréscimo da taça (%)"
              placeholder="0"
              description="Sobre o preço da dose"
              min={0}
              max={1000}
              decimalScale={2}
              decimalSeparator=","
              allowNegative={false}
              thousandSeparator=""
              inputMode="decimal"
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Text size="sm" c="dimmed" aria-live="polite">
              {computed === null
                ? 'Com o preço da garrafa, o preço da taça é calculado: garrafa ÷ taças + acréscimo, arredondado para cima em reais.'
                : `Sem preço digitado, a taça sai por ${formatBRL(computed)}: garrafa ÷ taças + acréscimo, arredondado para cima em reais.`}
            </Text>
          </Grid.Col>
        </>
      )}
    </Grid>
  );
}
