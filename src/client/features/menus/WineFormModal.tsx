import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Fieldset,
  Grid,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type MenuWineData, menuWineInputSchema } from '../../../shared/wine-menus';
import { COUNTRY_FLAGS, WINE_CATEGORIES, WINE_COUNTRIES, WINE_STYLES, WINE_VOLUMES } from '../../../shared/wine-vocabulary';
import { ApiError, errorMessage } from '../../lib/api';
import { ImageField } from '../../ui/ImageField';
import type { WineFormValues } from './wine-form-values';

interface Props {
  opened: boolean;
  title: string;
  /** Shown above the form (e.g. "Importado do catálogo"). */
  notice?: string;
  initialValues: WineFormValues;
  onClose(): void;
  onSubmit(values: MenuWineData): Promise<void>;
}

/** Add or edit a wine of a menu, in sections: Básico, Técnico, Sensorial, Imagem, and "Disponível". */
export function WineFormModal({ opened, title, notice, initialValues, onClose, onSubmit }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          {title}
        </Text>
      }
      size="xl"
      centered={false}
      yOffset="4vh"
      closeOnClickOutside={false}
    >
      {opened && <WineForm notice={notice} initialValues={initialValues} onClose={onClose} onSubmit={onSubmit} />}
    </Modal>
  );
}

function WineForm({ notice, initialValues, onClose, onSubmit }: Omit<Props, 'opened' | 'title'>) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<WineFormValues, unknown, MenuWineData>({
    resolver: zodResolver(menuWineInputSchema),
    defaultValues: initialValues,
  });
  const errors = form.formState.errors;
  const country = form.watch('country');
  const countries: string[] = [...WINE_COUNTRIES];
  if (country && !countries.includes(country)) countries.push(country);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      console.error(err);
      if (err instanceof ApiError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) form.setError(field as keyof WineFormValues, { message });
      }
      setError(errorMessage(err, 'Não foi possível salvar o vinho. Confira os campos.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {notice && (
          <Alert color="vinho" variant="light">
            {notice}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Fieldset legend="Básico">
          <Grid gap="md">
            <Grid.Col span={12}>
              <TextInput label="Nome" withAsterisk data-autofocus {...form.register('name')} error={errors.name?.message} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={form.control}
                name="price"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label="Preço"
                    withAsterisk
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
                    value={typeof field.value === 'number' || typeof field.value === 'string' ? field.value : ''}
                    onChange={(v) => field.onChange(v === '' ? '' : v)}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <Controller
                control={form.control}
                name="category"
                render={({ field, fieldState }) => (
                  <Select
                    label="Categoria"
                    withAsterisk
                    placeholder="Escolha a categoria"
                    data={[...WINE_CATEGORIES]}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    allowDeselect={false}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="country"
                render={({ field, fieldState }) => (
                  <Select
                    label="País"
                    placeholder="Escolha o país"
                    data={countries.map((c) => ({ value: c, label: `${COUNTRY_FLAGS[c] ?? ''} ${c}`.trim() }))}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v)}
                    clearable
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label="Descrição"
                autosize
                minRows={2}
                maxRows={6}
                placeholder="O que o cliente lê na carta."
                {...form.register('description')}
                error={errors.description?.message}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>

        <Fieldset legend="Técnico">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="wine_style"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    label="Estilo"
                    placeholder="Tinto, Branco, Espumante…"
                    data={[...WINE_STYLES]}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Uva"
                placeholder="Ex.: Malbec, Touriga Nacional"
                {...form.register('grape_variety')}
                error={errors.grape_variety?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <TextInput
                label="Teor alcoólico"
                placeholder="13,5%"
                {...form.register('alcohol_content')}
                error={errors.alcohol_content?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Controller
                control={form.control}
                name="volume"
                render={({ field, fieldState }) => (
                  <Select
                    label="Volume"
                    data={[...WINE_VOLUMES]}
                    value={(field.value as string) || null}
                    onChange={(v) => field.onChange(v)}
                    allowDeselect={false}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Amadurecimento"
                placeholder="12 meses em carvalho"
                {...form.register('aging')}
                error={errors.aging?.message}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>

        <Fieldset legend="Sensorial">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Textarea label="Cor" autosize minRows={2} {...form.register('color')} error={errors.color?.message} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Textarea label="Aroma" autosize minRows={2} {...form.register('aroma')} error={errors.aroma?.message} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Textarea label="Paladar" autosize minRows={2} {...form.register('palate')} error={errors.palate?.message} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Textarea label="Harmonização" autosize minRows={2} {...form.register('pairing')} error={errors.pairing?.message} />
            </Grid.Col>
          </Grid>
        </Fieldset>

        <Fieldset legend="Imagem">
          <Controller
            control={form.control}
            name="image_url"
            render={({ field, fieldState }) => (
              <ImageField
                label="Imagem do vinho"
                description="Envie a foto do rótulo ou cole o endereço de uma imagem."
                allowUrl
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </Fieldset>

        <Controller
          control={form.control}
          name="available"
          render={({ field }) => (
            <Checkbox
              label="Disponível"
              description="Vinhos indisponíveis ficam fora da carta pública."
              checked={field.value ?? true}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar vinho
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
