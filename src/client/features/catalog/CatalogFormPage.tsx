import { Grid, SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type CatalogWine, type CatalogWineFormValues, catalogWineInputSchema } from '../../../shared/catalog';
import { WINE_VOLUMES } from '../../../shared/wine-vocabulary';
import { blankNulls } from '../../lib/form-values';
import { useServerForm } from '../../lib/use-server-form';
import { FormPage } from '../../ui/FormPage';
import { FormSection } from '../../ui/FormSection';
import { AutocompleteField, PriceField, TextareaField } from '../../ui/form-fields';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageLoader } from '../../ui/PageStates';
import { TextField } from '../../ui/text-fields';
import { CountryField } from '../../ui/wine-fields/CountryField';
import { VintageField } from '../../ui/wine-fields/OriginFields';
import { SensoryFields } from '../../ui/wine-fields/SensoryFields';
import { AlcoholContentField, WineStyleField } from '../../ui/wine-fields/TechnicalFields';
import { WineImageField } from '../../ui/wine-fields/WineImageField';
import { WINE_TEXT_FIELDS } from '../../ui/wine-fields/wine-field-values';
import { useCatalogWine, useSaveCatalogWine } from './catalog-api';

const EMPTY: CatalogWineFormValues = {
  name: '',
  producer: '',
  vintage: '',
  sku_code: '',
  price_reference: '',
  country: null,
  region: '',
  grape_variety: '',
  wine_style: '',
  alcohol_content: '',
  volume: '750ml',
  description: '',
  color: '',
  aroma: '',
  palate: '',
  pairing: '',
  image_url: null,
};

function toForm(w: CatalogWine): CatalogWineFormValues {
  return {
    ...blankNulls(w, [...WINE_TEXT_FIELDS, 'sku_code', 'price_reference', 'volume']),
    name: w.name,
    country: w.country,
    image_url: w.image_url,
  };
}

/** /catalogo/novo and /catalogo/:id/editar. */
export function CatalogFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useCatalogWine(id);

  useEffect(() => {
    if (id && query.isError) {
      console.error(query.error);
      notifyError('Falha ao carregar o item');
      navigate('/catalogo', { replace: true });
    }
  }, [id, query.isError, query.error, navigate]);

  if (id && !query.data) return <PageLoader />;
  return <CatalogForm key={id ?? 'novo'} wine={query.data ?? null} />;
}

function CatalogForm({ wine }: { wine: CatalogWine | null }) {
  const navigate = useNavigate();
  const save = useSaveCatalogWine();
  const serverForm = useServerForm({
    schema: catalogWineInputSchema,
    defaults: wine ? toForm(wine) : EMPTY,
    failMessage: 'Falha ao salvar. Confira os campos.',
    submit: async (values) => {
      await save.mutateAsync({ id: wine?.id, values });
      notifySuccess(wine ? 'Vinho do catálogo atualizado.' : `“${values.name}” adicionado ao catálogo.`);
      navigate('/catalogo');
    },
  });

  return (
    <FormPage
      serverForm={serverForm}
      title={wine ? 'Editar vinho do catálogo' : 'Novo vinho no catálogo'}
      description={wine ? wine.name : 'A ficha do vinho fica disponível para importar em qualquer carta.'}
      back={{ to: '/catalogo', label: 'Catálogo' }}
      maw={960}
      submitLabel={wine ? 'Salvar alterações' : 'Adicionar ao catálogo'}
      cancelTo="/catalogo"
    >
      <FormSection title="Identificação">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextField label="Nome" withAsterisk name="name" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextField label="Produtor" name="producer" />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <VintageField />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <PriceField name="price_reference" label="Preço de referência" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextField label="Código SKU" name="sku_code" />
          </Grid.Col>
        </Grid>
        <TextareaField label="Descrição" autosize minRows={3} maxRows={8} name="description" />
      </FormSection>

      <FormSection title="Origem e ficha técnica">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <CountryField />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextField label="Região" placeholder="Ex.: Vale dos Vinhedos, Mendoza" name="region" />
          </Grid.Col>
        </Grid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField label="Uva" name="grape_variety" />
          <WineStyleField />
        </SimpleGrid>
        {/* Two fields in three columns: each keeps a third of the row on a wide screen. */}
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          <AlcoholContentField />
          <AutocompleteField name="volume" label="Volume" data={[...WINE_VOLUMES]} />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Notas de degustação">
        <SensoryFields />
      </FormSection>

      <FormSection title="Imagem">
        <WineImageField />
      </FormSection>
    </FormPage>
  );
}
