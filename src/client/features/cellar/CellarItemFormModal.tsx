import { Grid, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { type CellarItem, type CellarItemCreate, cellarItemCreateSchema, cellarItemUpdateSchema } from '../../../shared/cellar';
import { formatMoneyInput } from '../../../shared/money';
import { useServerForm } from '../../lib/use-server-form';
import { FormModal } from '../../ui/FormModal';
import { MoneyField, NumberField, SelectField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { useCatalogPick, useSaveCellarItem } from './cellar-api';

type FormValues = {
  catalog_wine_id: string | null;
  catalog_wine_label: string;
  name: string;
  producer: string;
  vintage: string | number;
  par_level: string | number;
  case_size: string;
  last_unit_cost: string | number;
  on_hand?: string | number;
};

const CASE_SIZES = [
  { value: '6', label: 'Caixa com 6' },
  { value: '12', label: 'Caixa com 12' },
];

interface Props {
  opened: boolean;
  establishmentId: string;
  /** null: a new wine. */
  item: CellarItem | null;
  onClose(): void;
  onSaved(message: string): void;
}

/** Create or edit a cellar wine: its name (or its catalogue wine), par level, case size and last unit cost. */
export function CellarItemFormModal(props: Props) {
  return props.opened ? <CellarItemDialog key={props.item?.id ?? 'new'} {...props} /> : null;
}

function CellarItemDialog({ establishmentId, item, onClose, onSaved }: Props) {
  const save = useSaveCellarItem(establishmentId);
  const serverForm = useServerForm({
    // One form for both: a new item also takes the bottles on the shelf now (recorded as a count movement).
    schema: (item ? cellarItemUpdateSchema : cellarItemCreateSchema) as unknown as z.ZodType<CellarItemCreate, FormValues>,
    defaults: {
      catalog_wine_id: item?.catalog_wine_id ?? null,
      catalog_wine_label: item?.catalog_wine_id ? item.name : '',
      name: item?.name ?? '',
      producer: item?.producer ?? '',
      vintage: item?.vintage ?? '',
      par_level: item?.par_level ?? '',
      case_size: item?.case_size ? String(item.case_size) : '',
      last_unit_cost: item?.last_unit_cost ? formatMoneyInput(Number(item.last_unit_cost)) : '',
      ...(item ? {} : { on_hand: '' }),
    },
    failMessage: 'Não foi possível salvar o vinho da adega. Confira os campos.',
    submit: async (values) => {
      await save.mutateAsync({ itemId: item?.id, values });
      onSaved(item ? `${values.name} atualizado.` : `${values.name} entrou na adega.`);
    },
  });

  return (
    <FormModal
      serverForm={serverForm}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          {item ? `Editar ${item.name}` : 'Novo vinho na adega'}
        </Text>
      }
      size="lg"
      closeOnClickOutside={false}
      submitLabel={item ? 'Salvar' : 'Adicionar à adega'}
    >
      <CatalogWinePicker />
      <Grid gap="md">
        <Grid.Col span={12}>
          <TextField label="Nome" withAsterisk data-autofocus name="name" placeholder="Ex.: Casa Valduga Storia Merlot" />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 8 }}>
          <TextField label="Produtor" name="producer" />
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 4 }}>
          <TextField label="Safra" name="vintage" inputMode="numeric" placeholder="2021" />
        </Grid.Col>
        {!item && (
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NumberField
              name="on_hand"
              label="Garrafas agora"
              description="Entra como contagem."
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=""
              inputMode="numeric"
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <NumberField
            name="par_level"
            label="Estoque ideal"
            description="Repor até quantas garrafas."
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=""
            inputMode="numeric"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <SelectField
            name="case_size"
            label="Compra em"
            data={CASE_SIZES}
            clearable
            placeholder="Garrafas avulsas"
            description="Arredonda a reposição."
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <MoneyField
            name="last_unit_cost"
            label="Último custo"
            description="Por garrafa."
            placeholder="0,00"
            leftSection={
              <Text size="sm" c="dimmed">
                R$
              </Text>
            }
          />
        </Grid.Col>
      </Grid>
    </FormModal>
  );
}

/** Links the item to a catalogue wine (what orders are made of); choosing one fills the name, producer and vintage. */
function CatalogWinePicker() {
  const { control, getValues, setValue } = useFormContext<FormValues>();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const wines = useCatalogPick(q.trim());
  const results = wines.data ?? [];
  return (
    <Controller
      control={control}
      name="catalog_wine_id"
      render={({ field, fieldState }) => {
        const data = results.map((w) => ({ value: w.id, label: w.vintage ? `${w.name} ${w.vintage}` : w.name }));
        if (field.value && !data.some((d) => d.value === field.value))
          data.unshift({ value: field.value, label: getValues('catalog_wine_label') });
        return (
          <Select
            label="Vinho do catálogo"
            description="Ligado ao catálogo, o vinho pode ser pedido aos fornecedores e recebe as entregas sozinho."
            searchable
            clearable
            placeholder="Busque no catálogo (opcional)"
            nothingFoundMessage={wines.isFetching ? 'Buscando…' : 'Nenhum vinho encontrado'}
            data={data}
            filter={({ options }) => options}
            searchValue={search}
            onSearchChange={setSearch}
            value={field.value || null}
            onChange={(value, option) => {
              field.onChange(value);
              setValue('catalog_wine_label', option?.label ?? '');
              const wine = results.find((w) => w.id === value);
              if (!wine) return;
              const dirty = { shouldDirty: true, shouldValidate: true };
              setValue('name', wine.name, dirty);
              setValue('producer', wine.producer ?? '', dirty);
              setValue('vintage', wine.vintage ?? '', dirty);
            }}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        );
      }}
    />
  );
}
