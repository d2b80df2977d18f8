import { ActionIcon, Alert, Box, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { formatPercent } from '../../../shared/field-rules';
import { centsToDecimal, formatBRL, parseMoney, toCents } from '../../../shared/money';
import { commissionCents, type OrderCreate, orderCreateSchema } from '../../../shared/orders';
import { readOrderPrefill } from '../../lib/order-prefill';
import { establishmentListQuery, supplierOptionsQuery } from '../../lib/shared-queries';
import { useCan } from '../../lib/use-can';
import { useServerForm } from '../../lib/use-server-form';
import { CatalogWineSelect } from '../../ui/CatalogWineSelect';
import { FormPage } from '../../ui/FormPage';
import { FormSection } from '../../ui/FormSection';
import { PriceField, SelectField, TextareaField, WholeNumberField } from '../../ui/form-fields';
import { notifySuccess } from '../../ui/notify';
import { useCreateOrder } from './orders-api';

interface ItemValues {
  wine_id: string;
  /** Shown in the picker; not sent (the server names the item from the catalogue). */
  wine_label: string;
  quantity: number | string;
  price: number | string;
}
interface FormValues {
  establishment_id: string;
  supplier_id: string;
  items: ItemValues[];
  notes: string;
}

/** SPEC §9: a new item starts with quantity 1 and price 0. */
const NEW_ITEM: ItemValues = { wine_id: '', wine_label: '', quantity: 1, price: 0 };

/** An item's line in cents, or null while its quantity or price is not readable yet. */
function lineCents(item: ItemValues | undefined): number | null {
  const quantity = Number(item?.quantity);
  const price = parseMoney(item?.price);
  if (!Number.isInteger(quantity) || quantity < 1 || typeof price !== 'number' || price < 0) return null;
  return toCents(price) * quantity;
}

let rowCounter = 0;
const newRowKey = () => `item-${++rowCounter}`;

const money = (cents: number) => formatBRL(centsToDecimal(cents));

/**
 * /pedidos/novo — an order from one establishment to one supplier, wines from the catalogue. Opened from the cellar's
 * reorder suggestions it starts filled in (lib/order-prefill.ts).
 */
export function OrderFormPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the form keeps what the user changes afterwards.
  const [prefill] = useState(() => readOrderPrefill(location.state));
  const create = useCreateOrder();
  const suppliers = useQuery(supplierOptionsQuery());
  const canCreate = useCan('orders', 'create');
  const serverForm = useServerForm({
    schema: orderCreateSchema as unknown as z.ZodType<OrderCreate, FormValues>,
    defaults: prefill
      ? { establishment_id: prefill.establishment_id, supplier_id: prefill.supplier_id, items: prefill.items, notes: '' }
      : { establishment_id: '', supplier_id: '', items: [NEW_ITEM], notes: '' },
    failMessage: 'Não foi possível criar o pedido. Confira os campos.',
    submit: async (values) => {
      const order = await create.mutateAsync(values);
      notifySuccess(`Pedido #${order.number} criado.`);
      navigate(`/pedidos/${order.id}`);
    },
  });
  const { form } = serverForm;
  // Rows kept by hand rather than with useFieldArray, which would grow react-hook-form in the login route's bundle.
  const [rowKeys, setRowKeys] = useState(() => (prefill?.items ?? [NEW_ITEM]).map(() => newRowKey()));
  const addItem = () => {
    form.setValue('items', [...form.getValues('items'), { ...NEW_ITEM }], { shouldDirty: true });
    setRowKeys((keys) => [...keys, newRowKey()]);
  };
  const removeItem = (index: number) => {
    form.setValue(
      'items',
      form.getValues('items').filter((_, i) => i !== index),
      { shouldDirty: true },
    );
    setRowKeys((keys) => keys.filter((_, i) => i !== index));
  };
  const watched = useWatch({ control: form.control, name: 'items' });
  const supplierId = useWatch({ control: form.control, name: 'supplier_id' });
  const supplier = suppliers.data?.find((s) => s.id === supplierId);
  const lines = (watched ?? []).map(lineCents);
  const total = lines.reduce<number>((sum, line) => sum + (line ?? 0), 0);
  const itemsError = form.formState.errors.items?.message ?? form.formState.errors.items?.root?.message;

  return (
    <FormPage
      serverForm={serverForm}
      title="Novo pedido"
      description="Escolha o fornecedor e os vinhos do catálogo; o total e a comissão são calculados pelo servidor."
      back={{ to: '/pedidos', label: 'Pedidos' }}
      maw={960}
      submitLabel="Criar pedido"
      cancelTo="/pedidos"
      submitDisabled={!canCreate}
    >
      {prefill && (
        <Alert color="vinho" variant="light" title="Sugestão de reposição da adega">
          Fornecedor e vinhos vieram da adega da casa: a quantidade completa o nível ideal (em caixas fechadas quando o vinho tem caixa) e o
          preço é o último custo pago. Confira antes de criar o pedido.
        </Alert>
      )}
      {!canCreate && (
        <Alert color="yellow" variant="light">
          Seu perfil pode consultar pedidos, mas não criá-los.
        </Alert>
      )}
      <FormSection title="Comprador e fornecedor">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <EstablishmentField />
          <SelectField
            name="supplier_id"
            label="Fornecedor"
            withAsterisk
            searchable
            nothingFoundMessage="Nenhum fornecedor"
            placeholder="Escolha o fornecedor"
            data={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.company_name }))}
            description={supplier ? `Contato: ${supplier.name} · comissão ${formatPercent(supplier.commission_rate)}` : undefined}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Vinhos">
        <Stack gap="sm">
          {rowKeys.map((rowKey, index) => (
            <Paper key={rowKey} withBorder p="sm" radius="md" bg="gray.0">
              <Grid gap="sm" align="flex-start">
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <WinePicker index={index} />
                </Grid.Col>
                <Grid.Col span={{ base: 5, md: 2 }}>
                  <WholeNumberField name={`items.${index}.quantity`} label="Quantidade" min={1} />
                </Grid.Col>
                <Grid.Col span={{ base: 7, md: 3 }}>
                  <PriceField name={`items.${index}.price`} label="Preço unitário" />
                </Grid.Col>
                <Grid.Col span={1} visibleFrom="md">
                  <Group justify="flex-end" mt={28}>
                    <RemoveItemButton index={index} onRemove={() => removeItem(index)} disabled={rowKeys.length === 1} />
                  </Group>
                </Grid.Col>
              </Grid>
              <Group justify="space-between" mt={4}>
                <Box hiddenFrom="md">
                  <RemoveItemButton index={index} onRemove={() => removeItem(index)} disabled={rowKeys.length === 1} />
                </Box>
                <Text size="sm" c="dimmed" ml="auto">
                  Subtotal: {lines[index] === null || lines[index] === undefined ? '—' : money(lines[index])}
                </Text>
              </Group>
            </Paper>
          ))}
          {itemsError && (
            <Text c="red" size="sm" role="alert">
              {itemsError}
            </Text>
          )}
          <Group>
            <Button variant="light" leftSection={<IconPlus size={18} />} onClick={addItem}>
              Adicionar vinho
            </Button>
          </Group>
        </Stack>
      </FormSection>

      <Paper withBorder p="md" radius="md" aria-live="polite">
        <Group justify="space-between">
          <Text fw={600}>Total do pedido</Text>
          <Text fw={700} fz="xl" data-testid="order-total">
            {money(total)}
          </Text>
        </Group>
        {supplier && (
          <Text size="sm" c="dimmed" ta="right">
            Comissão estimada ({formatPercent(supplier.commission_rate)}): {money(commissionCents(total, supplier.commission_rate))}
          </Text>
        )}
      </Paper>

      <FormSection title="Observações">
        <TextareaField label="Observações" autosize minRows={2} maxRows={6} name="notes" />
      </FormSection>
    </FormPage>
  );
}

/** The buyer: one of the caller's establishments, chosen for them when they have only one. */
function EstablishmentField() {
  const { getValues, setValue } = useFormContext<FormValues>();
  const establishments = useQuery(establishmentListQuery());
  const onlyEstablishment = establishments.data?.length === 1 ? establishments.data[0]?.id : undefined;
  useEffect(() => {
    if (onlyEstablishment && !getValues('establishment_id')) setValue('establishment_id', onlyEstablishment);
  }, [onlyEstablishment, getValues, setValue]);
  return (
    <SelectField
      name="establishment_id"
      label="Estabelecimento"
      withAsterisk
      searchable
      placeholder={establishments.data?.length === 0 ? 'Nenhum estabelecimento' : 'Escolha o estabelecimento'}
      data={(establishments.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
    />
  );
}

function RemoveItemButton({ index, onRemove, disabled }: { index: number; onRemove(): void; disabled: boolean }) {
  return (
    <Tooltip label="Remover vinho">
      <ActionIcon variant="subtle" color="red" aria-label={`Remover vinho ${index + 1}`} onClick={onRemove} disabled={disabled}>
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** A searchable picker of catalogue wines; choosing one fills the price with its reference price. */
function WinePicker({ index }: { index: number }) {
  const { setValue } = useFormContext<FormValues>();
  return (
    <CatalogWineSelect
      name={`items.${index}.wine_id`}
      labelName={`items.${index}.wine_label`}
      emptyValue=""
      label="Vinho"
      withAsterisk
      placeholder="Busque no catálogo"
      onPick={(wine) => setValue(`items.${index}.price`, wine.price_reference ?? 0, { shouldDirty: true, shouldValidate: true })}
    />
  );
}
