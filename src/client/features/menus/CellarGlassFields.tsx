import { Grid, Text } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import type { CellarItem } from '../../../shared/cellar';
import { type GlassPricing, glassPriceRefusal } from '../../../shared/glass-price';
import { formatBRL, formatMoneyInput, parseMoney } from '../../../shared/money';
import { countOf } from '../../../shared/plural';
import { guestPriceLine } from '../../../shared/public-menu';
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

type PricingValues = Pick<WineFormValues, 'by_the_glass' | 'price' | 'glass_price' | 'glass_doses' | 'glass_markup_percent' | 'volume'>;

/** The glass settings typed so far as the server will read them, or null while the bottle price is not readable. */
function glassPricing(values: PricingValues): GlassPricing | null {
  const price = parseMoney(values.price);
  if (typeof price !== 'number' || price < 0) return null;
  const doses = Number(values.glass_doses) || defaultGlassDoses(values.volume as string | undefined);
  if (!Number.isInteger(doses) || doses < 1) return null;
  const typed = parseMoney(values.glass_price);
  return {
    by_the_glass: values.by_the_glass === true,
    price: price.toFixed(2),
    glass_price: typeof typed === 'number' ? typed.toFixed(2) : null,
    glass_doses: doses,
    glass_markup_percent: percent(values.glass_markup_percent),
  };
}

/** "Na carta: Taça R$ 38,00 · Garrafa R$ 149,00 · 750 ml": the price line the guest will read, by the page's own rule. */
function GuestPreview({ pricing, volume }: { pricing: GlassPricing | null; volume: string }) {
  if (!pricing) return null;
  const refusal = glassPriceRefusal(pricing);
  if (refusal) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {refusal.message}
      </Text>
    );
  }
  const glass = pricing.by_the_glass ? effectiveGlassPrice(pricing) : null;
  return (
    <Text size="sm" fw={500}>
      {`Na carta: ${guestPriceLine({ price: Number(pricing.price), glass_price: glass, stock: null, volume })}`}
    </Text>
  );
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
  const pricing = glassPricing({
    by_the_glass: byTheGlass,
    price,
    glass_price: glassPrice,
    glass_doses: doses,
    glass_markup_percent: markup,
    volume,
  });
  const computed = pricing && effectiveGlassPrice({ ...pricing, glass_price: null });
  const typed = glassPrice !== '' && glassPrice !== null && glassPrice !== undefined;
  const options = (cellarItems ?? [])
    .map((i) => ({
      value: i.id,
      label: `${[i.name, i.vintage].filter(Boolean).join(' ')} · ${countOf(i.on_hand, 'garrafa', 'garrafas')}`,
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
          description="O vinho entra no filtro “Por taça”. Uma garrafa de uma taça só (187 ml) tem um preço só, o da garrafa."
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <GuestPreview pricing={pricing} volume={String(volume ?? '')} />
      </Grid.Col>
      {byTheGlass && (
        <>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <PriceField
              name="glass_price"
              label="Preço da taça"
              placeholder={computed === null ? '0,00' : formatMoneyInput(computed)}
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
                : pricing?.glass_doses === 1
                  ? `Uma taça por garrafa: a taça é a garrafa inteira, vendida pelo preço dela (${formatBRL(computed)}).`
                  : `Sem preço digitado, a taça sai por ${formatBRL(computed)}: garrafa ÷ taças + acréscimo, arredondado para cima em reais.`}
            </Text>
          </Grid.Col>
        </>
      )}
    </Grid>
  );
}
