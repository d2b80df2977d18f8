import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Autocomplete,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type CatalogWine, type CatalogWineFormValues, type CatalogWineInput, catalogWineInputSchema } from '../../../shared/catalog';
import { COUNTRY_FLAGS, WINE_COUNTRIES, WINE_STYLES, WINE_VOLUMES } from '../../../shared/wine-vocabulary';
import { ApiError, errorMessage } from '../../lib/api';
import { ImageField } from '../../ui/ImageField';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
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
    name: w.name,
    producer: w.producer ?? '',
    vintage: w.vintage ?? '',
    sku_code: w.sku_code ?? '',
    price_reference: w.price_reference ?? '',
    country: w.country,
    region: w.region ?? '',
    grape_variety: w.grape_variety ?? '',
    wine_style: w.wine_style ?? '',
    alcohol_content: w.alcohol_content ?? '',
    volume: w.volume ?? '',
    description: w.description ?? '',
    color: w.color ?? '',
    aroma: w.aroma ?? '',
    palate: w.palate ?? '',
    pairing: w.pairing ?? '',
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

  if (id && !query.data) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  return <CatalogForm key={id ?? 'novo'} wine={query.data ?? null} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function CatalogForm({ wine }: { wine: CatalogWine | null }) {
  const navigate = useNavigate();
  const save = useSaveCatalogWine();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CatalogWineFormValues, unknown, CatalogWineInput>({
    resolver: zodResolver(catalogWineInputSchema),
    defaultValues: wine ? toForm(wine) : EMPTY,
  });
  const errors = form.formState.errors;
  const country = form.watch('country');
  const countries: string[] = [...WINE_COUNTRIES];
  if (country && !countries.includes(country)) countries.push(country);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ id: wine?.id, values });
      notifySuccess(wine ? 'Vinho do catálogo atualizado.' : `“${values.name}” adicionado ao catálogo.`);
      navigate('/catalogo');
    } catch (err) {
      console.error(err);
      if (err instanceof ApiError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) form.setError(field as keyof CatalogWineFormValues, { message });
      }
      const message = errorMessage(err, 'Falha ao salvar. Confira os campos.');
      setError(message);
      notifyError(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <PageHeader
        title={wine ? 'Editar vinho do catálogo' : 'Novo vinho no catálogo'}
        description={wine ? wine.name : 'A ficha do vinho fica disponível para importar em qualquer carta.'}
        back={{ to: '/catalogo', label: 'Catálogo' }}
      />
      <Stack gap="lg" maw={960}>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Section title="Identificação">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput label="Nome" withAsterisk {...form.register('name')} error={errors.name?.message} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Produtor" {...form.register('producer')} error={errors.producer?.message} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={form.control}
                name="vintage"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label="Safra"
                    placeholder="2021"
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator=""
                    hideControls
                    value={typeof field.value === 'number' || typeof field.value === 'string' ? field.value : ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Controller
                control={form.control}
                name="price_reference"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label="Preço de referência"
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
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label="Código SKU" {...form.register('sku_code')} error={errors.sku_code?.message} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label="Descrição"
                autosize
                minRows={3}
                maxRows={8}
                {...form.register('description')}
                error={errors.description?.message}
              />
            </Grid.Col>
          </Grid>
        </Section>

        <Section title="Origem e ficha técnica">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={form.control}
                name="country"
                render={({ field, fieldState }) => (
                  <Select
                    label="País"
                    placeholder="Escolha o país"
                    clearable
                    data={countries.map((c) => ({ value: c, label: `${COUNTRY_FLAGS[c] ?? ''} ${c}`.trim() }))}
                    value={field.value || null}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label="Região"
                placeholder="Ex.: Vale dos Vinhedos, Mendoza"
                {...form.register('region')}
                error={errors.region?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Uva" {...form.register('grape_variety')} error={errors.grape_variety?.message} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="wine_style"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    label="Estilo"
                    data={[...WINE_STYLES]}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
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
                  <Autocomplete
                    label="Volume"
                    data={[...WINE_VOLUMES]}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
          </Grid>
        </Section>

        <Section title="Notas de degustação">
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
        </Section>

        <Section title="Imagem">
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
        </Section>

        <Group gap="sm">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {wine ? 'Salvar alterações' : 'Adicionar ao catálogo'}
          </Button>
          <Button component={Link} to="/catalogo" variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
