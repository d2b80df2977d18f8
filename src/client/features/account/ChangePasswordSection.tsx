import { Button, Group, Stack, Text } from '@mantine/core';
import { FormProvider } from 'react-hook-form';
import { changePasswordFormSchema } from '../../../shared/passwords';
import { request } from '../../lib/api';
import { useServerForm } from '../../lib/use-server-form';
import { FormSection } from '../../ui/FormSection';
import { NewPasswordInput } from '../../ui/NewPasswordInput';
import { notifySuccess } from '../../ui/notify';
import { SaveErrorAlert } from '../../ui/SaveErrorAlert';
import { PasswordField } from '../../ui/text-fields';

const EMPTY = { current_password: '', new_password: '', new_password_confirm: '' };

/** The signed-in person's own password: the current one, then the new one twice. Other sessions end on success. */
export function ChangePasswordSection({ email }: { email: string }) {
  const serverForm = useServerForm({
    schema: changePasswordFormSchema,
    defaults: EMPTY,
    failMessage: 'Não foi possível alterar a senha.',
    // One leave guard per screen (React Router keeps one blocker): the name form's; a half-typed password is not kept.
    guardLeave: false,
    submit: async ({ current_password, new_password }) => {
      await request('POST', '/auth/change-password', { current_password, new_password });
      serverForm.form.reset(EMPTY);
      notifySuccess('Senha alterada. As outras sessões da sua conta foram encerradas.');
    },
  });
  const { form, onSubmit, error, formRef } = serverForm;

  return (
    <FormSection title="Senha">
      <Text size="sm" c="dimmed">
        Ao trocar a senha, a sua conta sai de todos os outros aparelhos; este continua conectado.
      </Text>
      <FormProvider {...form}>
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          <Stack gap="md" maw={420}>
            <SaveErrorAlert error={error} />
            {/* For password managers: the account the password belongs to. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordField name="current_password" label="Senha atual" autoComplete="current-password" />
            <NewPasswordInput name="new_password" label="Nova senha" email={email} />
            <PasswordField name="new_password_confirm" label="Repita a nova senha" autoComplete="new-password" />
            <Group>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Alterar senha
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </FormSection>
  );
}
