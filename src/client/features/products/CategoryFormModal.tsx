import {
  categoryPath,
  categorySubtree,
  PRODUCT_SCREEN_TEXTS,
  type ProductCategory,
  type ProductCategoryFormValues,
  productCategoryInputSchema,
} from '../../../shared/products';
import { blankNulls } from '../../lib/form-values';
import { useServerForm } from '../../lib/use-server-form';
import { FormModal } from '../../ui/FormModal';
import { SelectField, SwitchField, TextareaField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { useSaveCategory } from './products-api';

interface Props {
  opened: boolean;
  /** null: a new category. */
  category: ProductCategory | null;
  categories: ProductCategory[];
  onClose(): void;
  onSaved(category: ProductCategory, message: string): void;
}

export function CategoryFormModal(props: Props) {
  return props.opened ? <CategoryFormDialog key={props.category?.id ?? 'nova'} {...props} /> : null;
}

/** The parent choices: every category but this one and the ones below it (the tree cannot loop). */
export function parentOptions(categories: ProductCategory[], editingId: string | undefined) {
  const excluded = editingId ? categorySubtree(categories, editingId) : new Set<string>();
  return categories
    .filter((c) => !excluded.has(c.id))
    .map((c) => ({ value: c.id, label: categoryPath(categories, c.id) + (c.active ? '' : ' (inativa)') }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
}

function CategoryFormDialog({ category, categories, onClose, onSaved }: Props) {
  const save = useSaveCategory();
  const serverForm = useServerForm({
    schema: productCategoryInputSchema,
    defaults: {
      ...blankNulls(category, ['name', 'description', 'parent_id']),
      active: category?.active ?? true,
    } satisfies ProductCategoryFormValues,
    failMessage: PRODUCT_SCREEN_TEXTS.categorySaveFailed,
    submit: async (values) => {
      const saved = await save.mutateAsync({ id: category?.id, values });
      onSaved(saved, category ? 'Categoria atualizada.' : 'Categoria criada.');
    },
  });

  return (
    <FormModal
      serverForm={serverForm}
      onClose={onClose}
      title={category ? 'Editar Categoria' : 'Nova Categoria'}
      size="md"
      errorTitle={PRODUCT_SCREEN_TEXTS.categorySaveFailed}
    >
      <TextField label="Nome" withAsterisk name="name" data-autofocus />
      <TextareaField label="Descrição" name="description" autosize minRows={2} />
      <SelectField
        name="parent_id"
        label="Categoria pai"
        description="Deixe vazio para uma categoria principal."
        placeholder="Nenhuma (categoria principal)"
        clearable
        searchable
        data={parentOptions(categories, category?.id)}
      />
      <SwitchField name="active" label="Ativa" />
    </FormModal>
  );
}
