import { Alert, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_TEXTS, resetPasswordFormSchema } from '../../../shared/passwords';
import { ApiError } from '../../lib/api';
import { tokenStore } from '../../lib/token-store';
import { useServerForm } from '../../lib/use-server-form';
import { NewPasswordInput } from '../../ui/NewPasswordInput';
import { SaveErrorAlert } from '../../ui/SaveErrorAlert';
import { useRegisteredField } from '../../ui/text-fields';
import { AuthCardPage, BackToLogin } from './AuthCardPage';
import { checkResetLink, sendResetPassword } from './password-api';

const TITLE = 'Criar nova senha';

/** /redefinir-senha?token=…: the link of the e-mail; a new password typed twice, then back to /login. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  // Asked as the page opens, so a used or expired link says so before anyone types two passwords.
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    gcTime: 0,
  });
  const serverForm = useServerForm({
    schema: resetPasswordFormSchema,
    defaults: { token, new_password: '', new_password_confirm: '' },
    failMessage: 'Não foi possível salvar a nova senha. Tente novamente.',
    guardLeave: false,
    submit: async ({ new_password }) => {
      await sendResetPassword({ token, new_password });
      // Every session of the account ended with the reset, this browser's too.
      tokenStore.clear();
      navigate('/login?senha=redefinida', { replace: true });
    },
  });
  const { form, onSubmit, error, formRef } = serverForm;
  // Any other failure of the check (no network, too many tries) leaves the form: saving gives the real answer.
  const checkRefused = check.error instanceof ApiError && check.error.status === 400;
  const linkDead = !token || checkRefused || (error !== null && error === PASSWORD_TEXTS.invalidLink);

  if (linkDead) {
    return (
      <AuthCardPage title={TITLE}>
        <Stack gap="md" mt="lg">
          <Alert color="red" variant="light" role="alert" title={PASSWORD_TEXTS.invalidLink}>
            O link de redefinição vale por 60 minutos e só pode ser usado uma vez. Peça um novo link.
          </Alert>
          <Button component={Link} to="/esqueci-senha" size="md">
            Pedir um novo link
          </Button>
          <BackToLogin />
        </Stack>
      </AuthCardPage>
    );
  }

  if (check.isPending) {
    return (
      <AuthCardPage title={TITLE}>
        <Stack align="center" gap="sm" py="lg">
          <Loader color="vinho" aria-hidden />
          <Text c="dimmed" role="status">
            Verificando o link…
          </Text>
        </Stack>
      </AuthCardPage>
    );
  }

  return (
    <AuthCardPage title={TITLE} subtitle="Escolha a nova senha da sua conta. Depois, entre com ela.">
      <FormProvider {...form}>
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          <Stack gap="md" mt="lg">
            <SaveErrorAlert error={error} />
            <NewPasswordInput name="new_password" label="Nova senha" size="md" />
            <ConfirmField />
            <Button type="submit" size="md" loading={form.formState.isSubmitting}>
              Salvar nova senha
            </Button>
            <BackToLogin />
          </Stack>
        </form>
      </FormProvider>
    </AuthCardPage>
  );
}

function ConfirmField() {
  return (
    <PasswordInput label="Repita a nova senha" autoComplete="new-password" size="md" {...useRegisteredField('new_password_confirm')} />
  );
}
