import { Grid, SimpleGrid } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { type CellarItem, type CellarItemCreate, cellarItemCreateSchema, cellarItemUpdateSchema } from '../../../shared/cellar';
import { formatMoneyInput } from '../../../shared/money';
import { blankNulls } from '../../lib/form-values';
import { useServerForm } from '../../lib/use-server-form';
import { CatalogWineSelect } from '../../ui/CatalogWineSelect';
import { FormModal } from '../../ui/FormModal';
import { PriceField, SelectField, WholeNumberField } from '../../ui/form-fields';
import { ModalTitle } from '../../ui/ModalTitle';
import { TextField } from '../../ui/text-fields';
import { useSaveCellarItem } from './cellar-api';

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
      ...blankNulls(item, ['name', 'producer', 'vintage', 'par_level']),
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
      title={<ModalTitle>{item ? `Editar ${item.name}` : 'Novo vinho na adega'}</ModalTitle>}
      size="lg"
      closeOnClickOutside={false}
      submitLabel={item ? 'Salvar' : 'Adicionar à adega'}
    >
      <CatalogWinePicker />
      <TextField label="Nome" withAsterisk data-autofocus name="name" placeholder="Ex.: Casa Valduga Storia Merlot" />
      <Grid gap="md">
        <Grid.Col span={8}>
          <TextField label="Produtor" name="producer" />
        </Grid.Col>
        <Grid.Col span={4}>
          <TextField label="Safra" name="vintage" inputMode="numeric" placeholder="2021" />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {!item && <WholeNumberField name="on_hand" label="Garrafas agora" description="Entra como contagem." min={0} />}
        <WholeNumberField name="par_level" label="Estoque ideal" description="Repor até quantas garrafas." min={0} />
        <SelectField
          name="case_size"
          label="Compra em"
          data={CASE_SIZES}
          clearable
          placeholder="Garrafas avulsas"
          description="Arredonda a reposição."
        />
        <PriceField name="last_unit_cost" label="Último custo" description="Por garrafa." />
      </SimpleGrid>
    </FormModal>
  );
}

/** Links the item to a catalogue wine (what orders are made of); choosing one fills the name, producer and vintage. */
function CatalogWinePicker() {
  const { setValue } = useFormContext<FormValues>();
  return (
    <CatalogWineSelect
      name="catalog_wine_id"
      labelName="catalog_wine_label"
      emptyValue={null}
      label="Vinho do catálogo"
      description="Ligado ao catálogo, o vinho pode ser pedido aos fornecedores e recebe as entregas sozinho."
      clearable
      placeholder="Busque no catálogo (opcional)"
      onPick={(wine) => {
        const dirty = { shouldDirty: true, shouldValidate: true };
        setValue('name', wine.name, dirty);
        setValue('producer', wine.producer ?? '', dirty);
        setValue('vintage', wine.vintage ?? '', dirty);
      }}
    />
  );
}
