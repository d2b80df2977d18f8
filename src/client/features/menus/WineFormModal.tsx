import { Alert, Fieldset, Grid, SimpleGrid, Stack } from '@mantine/core';
import type { CellarItem } from '../../../shared/cellar';
import { type MenuWineData, menuWineInputSchema } from '../../../shared/wine-menus';
import { WINE_CATEGORIES, WINE_VOLUMES } from '../../../shared/wine-vocabulary';
import { useServerForm } from '../../lib/use-server-form';
import { AuditHistory } from '../../ui/AuditHistory';
import { FormModal } from '../../ui/FormModal';
import { CheckboxField, PriceField, SelectField, TextareaField } from '../../ui/form-fields';
import { ModalTitle } from '../../ui/ModalTitle';
import { TextField } from '../../ui/text-fields';
import { CountryField } from '../../ui/wine-fields/CountryField';
import { OriginFields } from '../../ui/wine-fields/OriginFields';
import { SensoryFields } from '../../ui/wine-fields/SensoryFields';
import { AlcoholContentField, WineStyleField } from '../../ui/wine-fields/TechnicalFields';
import { WineImageField } from '../../ui/wine-fields/WineImageField';
import { CellarGlassFields } from './CellarGlassFields';
import type { WineFormValues } from './wine-form-values';

interface Props {
  opened: boolean;
  title: string;
  /** Shown above the form (e.g. "Importado do catálogo"). */
  notice?: string;
  initialValues: WineFormValues;
  /** The wine being edited: its "Histórico de alterações" shows under the form. */
  wineId?: string;
  /** The establishment's cellar, to link the wine to one of its items; undefined while loading (or not allowed). */
  cellarItems: CellarItem[] | undefined;
  onClose(): void;
  onSubmit(values: MenuWineData): Promise<void>;
}

/**
 * Add or edit a wine of a menu, in sections: Básico, Técnico, Adega e taça, Sensorial, Imagem, and "Disponível".
 * The form exists only while the dialog is open, so every opening starts from its initial values.
 */
export function WineFormModal(props: Props) {
  return props.opened ? <WineFormDialog key={props.title} {...props} /> : null;
}

function WineFormDialog({ title, notice, initialValues, wineId, cellarItems, onClose, onSubmit }: Props) {
  const serverForm = useServerForm({
    schema: menuWineInputSchema,
    defaults: initialValues,
    failMessage: 'Não foi possível salvar o vinho. Confira os campos.',
    submit: onSubmit,
  });

  return (
    <FormModal
      serverForm={serverForm}
      onClose={onClose}
      title={<ModalTitle>{title}</ModalTitle>}
      size="xl"
      centered={false}
      yOffset="4vh"
      closeOnClickOutside={false}
      notice={
        notice && (
          <Alert color="vinho" variant="light">
            {notice}
          </Alert>
        )
      }
      submitLabel="Salvar vinho"
    >
      <Fieldset legend="Básico">
        <Stack gap="md">
          <TextField label="Nome" withAsterisk data-autofocus name="name" />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <PriceField name="price" label="Preço" withAsterisk />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <SelectField
                name="category"
                label="Categoria"
                withAsterisk
                placeholder="Escolha a categoria"
                data={[...WINE_CATEGORIES]}
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CountryField />
            </Grid.Col>
          </Grid>
          <OriginFields />
          <TextareaField label="Descrição" autosize minRows={2} maxRows={6} placeholder="O que o cliente lê na carta." name="description" />
        </Stack>
      </Fieldset>

      <Fieldset legend="Técnico">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <WineStyleField placeholder="Tinto, Branco, Espumante…" />
            <TextField label="Uva" placeholder="Ex.: Malbec, Touriga Nacional" name="grape_variety" />
          </SimpleGrid>
          <Grid gap="md">
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <AlcoholContentField />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <SelectField name="volume" label="Volume" data={[...WINE_VOLUMES]} allowDeselect={false} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextField label="Amadurecimento" placeholder="12 meses em carvalho" name="aging" />
            </Grid.Col>
          </Grid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Adega e taça">
        <CellarGlassFields cellarItems={cellarItems} />
      </Fieldset>

      <Fieldset legend="Sensorial">
        <SensoryFields />
      </Fieldset>

      <Fieldset legend="Imagem">
        <WineImageField />
      </Fieldset>

      <CheckboxField name="available" label="Disponível" description="Vinhos indisponíveis ficam fora da carta pública." />
      <AuditHistory kind="menu_wine" id={wineId} />
    </FormModal>
  );
}
