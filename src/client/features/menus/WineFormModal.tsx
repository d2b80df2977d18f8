import { Alert, Button, Checkbox, Fieldset, Grid, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { Controller, FormProvider } from 'react-hook-form';
import { type MenuWineData, menuWineInputSchema } from '../../../shared/wine-menus';
import { WINE_CATEGORIES, WINE_VOLUMES } from '../../../shared/wine-vocabulary';
import { useServerForm } from '../../lib/use-server-form';
import { TextareaField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { CountryField } from '../../ui/wine-fields/CountryField';
import { OriginFields } from '../../ui/wine-fields/OriginFields';
import { PriceField } from '../../ui/wine-fields/PriceField';
import { SensoryFields } from '../../ui/wine-fields/SensoryFields';
import { AlcoholContentField, WineStyleField } from '../../ui/wine-fields/TechnicalFields';
import { WineImageField } from '../../ui/wine-fields/WineImageField';
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

/**
 * Add or edit a wine of a menu, in sections: Básico, Técnico, Sensorial, Imagem, and "Disponível".
 * The form exists only while the dialog is open, so every opening starts from its initial values.
 */
export function WineFormModal(props: Props) {
  return props.opened ? <WineFormDialog key={props.title} {...props} /> : null;
}

function WineFormDialog({ title, notice, initialValues, onClose, onSubmit }: Props) {
  const {
    form,
    onSubmit: submit,
    error,
    formRef,
    requestClose,
  } = useServerForm({
    schema: menuWineInputSchema,
    defaults: initialValues,
    failMessage: 'Não foi possível salvar o vinho. Confira os campos.',
    submit: onSubmit,
  });
  const _errors = form.formState.errors;
  const close = () => requestClose(onClose);

  return (
    <Modal
      opened
      onClose={close}
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
      <FormProvider {...form}>
        <form ref={formRef} onSubmit={submit} noValidate>
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
                  <TextField label="Nome" withAsterisk data-autofocus name="name" />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <PriceField name="price" label="Preço" withAsterisk />
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
                        ref={field.ref}
                        allowDeselect={false}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <CountryField />
                </Grid.Col>
                <Grid.Col span={12}>
                  <OriginFields />
                </Grid.Col>
                <Grid.Col span={12}>
                  <TextareaField
                    label="Descrição"
                    autosize
                    minRows={2}
                    maxRows={6}
                    placeholder="O que o cliente lê na carta."
                    name="description"
                  />
                </Grid.Col>
              </Grid>
            </Fieldset>

            <Fieldset legend="Técnico">
              <Grid gap="md">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <WineStyleField placeholder="Tinto, Branco, Espumante…" />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextField label="Uva" placeholder="Ex.: Malbec, Touriga Nacional" name="grape_variety" />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 4 }}>
                  <AlcoholContentField />
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
                  <TextField label="Amadurecimento" placeholder="12 meses em carvalho" name="aging" />
                </Grid.Col>
              </Grid>
            </Fieldset>

            <Fieldset legend="Sensorial">
              <SensoryFields />
            </Fieldset>

            <Fieldset legend="Imagem">
              <WineImageField />
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
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Salvar vinho
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
