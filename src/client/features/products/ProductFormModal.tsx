import { Grid, SimpleGrid } from '@mantine/core';
import {
  PRODUCT_SCREEN_TEXTS,
  type Product,
  type ProductCategory,
  type ProductFormValues,
  productInputSchema,
} from '../../../shared/products';
import { errorMessage } from '../../lib/api';
import { blankNulls } from '../../lib/form-values';
import { useServerForm } from '../../lib/use-server-form';
import { AuditHistory } from '../../ui/AuditHistory';
import { FormModal } from '../../ui/FormModal';
import { AutocompleteField, PriceField, SelectField, SwitchField, TextareaField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { parentOptions } from './CategoryFormModal';
import { useSaveProduct, useSupplierOptions } from './products-api';

/** SPEC §9 unit examples. */
const UNITS = ['garrafa', 'caixa', 'litro', 'unidade', 'fardo'];

interface Props {
  opened: boolean;
  /** null: a new product. */
  product: Product | null;
  categories: ProductCategory[];
  /** The admin chooses the supplier; a supplier user's products are always its own. */
  picksSupplier: boolean;
  onClose(): void;
  onSaved(message: string): void;
}

export function ProductFormModal(props: Props) {
  return props.opened ? <ProductFormDialog key={props.product?.id ?? 'novo'} {...props} /> : null;
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function ProductFormDialog({ product, categories, picksSupplier, onClose, onSaved }: Props) {
  const save = useSaveProduct();
  const serverForm = useServerForm({
    schema: productInputSchema,
    defaults: {
      // What is sold and for how much, then what the bottle is.
      ...blankNulls(product, ['name', 'sku', 'description', 'category_id', 'supplier_id', 'price', 'cost', 'unit']),
      ...blankNulls(product, ['volume', 'alcohol_content', 'origin', 'grape_variety', 'brand']),
      stock_quantity: str(product?.stock_quantity ?? 0),
      min_stock: str(product?.min_stock ?? 0),
      weight: str(product?.weight).replace('.', ','),
      vintage: str(product?.vintage),
      active: product?.active ?? true,
    } satisfies ProductFormValues,
    failMessage: PRODUCT_SCREEN_TEXTS.saveFailed,
    submit: async (values) => {
      await save.mutateAsync({ id: product?.id, values });
      onSaved(product ? 'Produto atualizado.' : 'Produto criado.');
    },
  });

  return (
    <FormModal
      serverForm={serverForm}
      onClose={onClose}
      title={product ? 'Editar Produto' : 'Novo Produto'}
      size="xl"
      errorTitle={PRODUCT_SCREEN_TEXTS.saveFailed}
    >
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextField label="Nome" withAsterisk name="name" data-autofocus />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField label="SKU" name="sku" description="Código do produto, único por fornecedor." />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: picksSupplier ? 6 : 12 }}>
          <SelectField
            name="category_id"
            label="Categoria"
            placeholder="Sem categoria"
            clearable
            searchable
            data={parentOptions(categories, undefined)}
          />
        </Grid.Col>
        {picksSupplier && (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SupplierField product={product} />
          </Grid.Col>
        )}
        <Grid.Col span={12}>
          <TextareaField label="Descrição" name="description" autosize minRows={2} maxRows={5} />
        </Grid.Col>
        <Grid.Col span={12}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <PriceField label="Preço" name="price" />
            <PriceField label="Custo" name="cost" />
            <TextField label="Estoque" name="stock_quantity" inputMode="numeric" />
            <TextField label="Estoque mínimo" name="min_stock" inputMode="numeric" />
            <AutocompleteField label="Unidade" name="unit" data={UNITS} placeholder="garrafa" />
            <TextField label="Volume" name="volume" placeholder="750ml" />
            <TextField label="Peso (kg)" name="weight" inputMode="decimal" placeholder="1,3" />
            <TextField label="Teor alcoólico" name="alcohol_content" placeholder="13,5%" />
          </SimpleGrid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextField label="Origem" name="origin" placeholder="Mendoza, Argentina" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextField label="Uva" name="grape_variety" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <TextField label="Safra" name="vintage" inputMode="numeric" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <TextField label="Marca" name="brand" />
        </Grid.Col>
      </Grid>
      <SwitchField name="active" label="Ativo" />
      <AuditHistory kind="product" id={product?.id} />
    </FormModal>
  );
}

/** The admin's choice of supplier: the first suppliers, and the product's own even when it is not among them. */
function SupplierField({ product }: { product: Product | null }) {
  const suppliers = useSupplierOptions(true);
  const data = (suppliers.data ?? []).map((s) => ({ value: s.id, label: s.company_name || s.name }));
  if (product && !data.some((s) => s.value === product.supplier_id)) {
    data.push({ value: product.supplier_id, label: product.supplier_name ?? 'Fornecedor atual' });
  }
  return (
    <SelectField
      name="supplier_id"
      label="Fornecedor"
      withAsterisk
      searchable
      placeholder={suppliers.isPending ? 'Carregando fornecedores…' : 'Escolha o fornecedor'}
      disabled={suppliers.isPending}
      data={data}
      error={suppliers.isError ? errorMessage(suppliers.error, 'Não foi possível carregar os fornecedores.') : undefined}
    />
  );
}
