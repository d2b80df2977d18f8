import { Button, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type Account, accountUpdateSchema, NAME_MAX } from '../../../shared/account';
import { ROLE_LABELS } from '../../../shared/roles';
import { useServerForm } from '../../lib/use-server-form';
import { FormSection } from '../../ui/FormSection';
import { notifySuccess } from '../../ui/notify';
import { SaveErrorAlert } from '../../ui/SaveErrorAlert';
import { useUpdateAccount } from './account-api';

const nameSchema = accountUpdateSchema;

/** Who the person is in Adega: the fixed facts, and the name they may change. */
export function ProfileSection({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const serverForm = useServerForm({
    schema: nameSchema,
    defaults: { name: account.name },
    failMessage: 'Não foi possível salvar o nome.',
    submit: async (values) => {
      const saved = await update.mutateAsync({ name: values.name });
      serverForm.form.reset({ name: saved.name });
      notifySuccess('Nome salvo.');
    },
  });
  const { form, onSubmit, error, formRef } = serverForm;

  return (
    <FormSection title="Seus dados">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Fact label="E-mail">{account.email}</Fact>
        <Fact label="Perfil">{ROLE_LABELS[account.role]}</Fact>
        {account.supplier_name !== null && <Fact label="Fornecedor">{account.supplier_name}</Fact>}
        {(account.role === 'restaurant_manager' || account.role === 'sommelier') && (
          <Fact label="Estabelecimentos">
            {account.establishments.length === 0 ? (
              'Nenhum estabelecimento vinculado.'
            ) : (
              <List size="sm" spacing={2}>
                {account.establishments.map((e) => (
                  <List.Item key={e.id}>{e.name}</List.Item>
                ))}
              </List>
            )}
          </Fact>
        )}
      </SimpleGrid>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <SaveErrorAlert error={error} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Nome"
              description="Como você aparece para a equipe e nos e-mails."
              autoComplete="name"
              maxLength={NAME_MAX}
              style={{ flex: '1 1 16rem' }}
              {...form.register('name')}
              error={form.formState.errors.name?.message}
            />
            <Button type="submit" variant="light" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
              Salvar nome
            </Button>
          </Group>
        </Stack>
      </form>
    </FormSection>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
