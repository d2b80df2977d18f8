import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { slugify } from '../../../shared/slug';
import { wineMenuInputSchema } from '../../../shared/wine-menus';
import { errorMessage } from '../../lib/api';
import { useServerForm } from '../../lib/use-server-form';
import { SelectField, TextareaField } from '../../ui/form-fields';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { SaveErrorAlert } from '../../ui/SaveErrorAlert';
import { TextField } from '../../ui/text-fields';
import { useCreateMenu, useEstablishmentList } from './menus-api';

/** /carta/nova: establishment, name and description; the slug is shown as it is derived from the name. */
export function MenuFormPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const establishments = useEstablishmentList();
  const create = useCreateMenu();
  const narrow = useMediaQuery('(max-width: 36em)');
  const preselected = params.get('establishment_id') ?? '';
  // The slug follows the name until the user edits it by hand.
  const [customSlug, setCustomSlug] = useState<string | null>(null);
  const { form, onSubmit, error, formRef, requestClose } = useServerForm({
    schema: wineMenuInputSchema,
    defaults: { establishment_id: preselected, name: '', description: '' },
    failMessage: 'Não foi possível criar a carta. Confira os campos.',
    submit: async (values) => {
      const menu = await create.mutateAsync({ ...values, slug: slugify(customSlug ?? slugify(values.name)) || undefined });
      notifySuccess(`Carta “${menu.name}” criada. Agora adicione os vinhos.`);
      navigate(`/carta/${menu.id}/editar`);
    },
  });
  const errors = form.formState.errors;
  // With a single establishment there is nothing to choose.
  const onlyEstablishment = establishments.data?.length === 1 ? establishments.data[0]?.id : undefined;
  useEffect(() => {
    // Kept as the untouched state: choosing for the user is not a change to ask about.
    if (onlyEstablishment && !form.getValues('establishment_id'))
      form.reset({ ...form.getValues(), establishment_id: onlyEstablishment }, { keepDirtyValues: true });
  }, [onlyEstablishment, form]);
  const name = form.watch('name') ?? '';
  const establishmentId = form.watch('establishment_id');
  const slug = customSlug ?? slugify(name);
  const establishment = establishments.data?.find((e) => e.id === establishmentId);
  const back = preselected ? { to: `/cartas?establishment_id=${preselected}`, label: 'Cartas' } : { to: '/', label: 'Início' };

  return (
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <PageHeader title="Nova carta" description="Dê um nome à carta; os vinhos entram na próxima etapa." back={back} />
        <Paper withBorder shadow="xs" p="lg" maw={720}>
          <Stack gap="md">
            <SaveErrorAlert error={error} />
            {establishments.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(establishments.error, 'Não foi possível carregar os estabelecimentos.')}
              </Alert>
            )}
            {establishments.data?.length === 0 && (
              <Alert color="yellow" variant="light">
                Cadastre um estabelecimento antes de criar a carta.{' '}
                <Anchor component={Link} to="/estabelecimento/novo">
                  Novo estabelecimento
                </Anchor>
              </Alert>
            )}
            <SelectField
              name="establishment_id"
              label="Estabelecimento"
              withAsterisk
              placeholder={establishments.isPending ? 'Carregando…' : 'Escolha o estabelecimento'}
              data={(establishments.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
              searchable
              allowDeselect={false}
              nothingFoundMessage="Nenhum estabelecimento encontrado"
            />
            <TextField label="Nome da carta" withAsterisk placeholder="Ex.: Carta de Vinhos, Carta de Verão" name="name" />
            <TextInput
              label="Endereço da carta"
              description="Gerado a partir do nome: minúsculas, espaços viram hífens, sem acentos nem símbolos."
              leftSection={
                <Text size="sm" c="dimmed" pl={8} w="100%" truncate="start">
                  /{establishment?.slug ?? 'estabelecimento'}/
                </Text>
              }
              // On a phone the establishment part gives way to the part being edited.
              leftSectionWidth={Math.min(narrow ? 110 : 260, 24 + 8 * ((establishment?.slug ?? 'estabelecimento').length + 2))}
              value={slug}
              onChange={(e) => {
                setCustomSlug(e.currentTarget.value);
                form.clearErrors('slug');
              }}
              onBlur={() => customSlug !== null && setCustomSlug(slugify(customSlug) || null)}
              error={errors.slug?.message}
              data-testid="slug-preview"
            />
            <TextareaField
              label="Descrição"
              autosize
              minRows={3}
              maxRows={8}
              placeholder="Uma apresentação curta que aparece no topo da carta."
              name="description"
            />
            <Group gap="sm" mt="xs">
              <Button type="submit" loading={form.formState.isSubmitting}>
                Criar carta
              </Button>
              <Button variant="default" onClick={() => requestClose(() => navigate(back.to))}>
                Cancelar
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </FormProvider>
  );
}
