import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { type ForgotPasswordResponse, forgotPasswordRequestSchema } from '../../../shared/passwords';
import { useServerForm } from '../../lib/use-server-form';
import { SaveErrorAlert } from '../../ui/SaveErrorAlert';
import { TextField } from '../../ui/text-fields';
import { AuthCardPage, BackToLogin } from './AuthCardPage';
import { sendForgotPassword } from './password-api';

/** /esqueci-senha: asks for the e-mail and says the same thing whether or not it has an account. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<ForgotPasswordResponse | null>(null);
  const serverForm = useServerForm({
    schema: forgotPasswordRequestSchema,
    defaults: { email: '' },
    failMessage: 'Não foi possível pedir o link. Tente novamente.',
    guardLeave: false,
    submit: async ({ email }) => setSent(await sendForgotPassword(email)),
  });
  const { form, onSubmit, error, formRef } = serverForm;

  return (
    <AuthCardPage
      title="Esqueci minha senha"
      subtitle={sent ? undefined : 'Informe o e-mail da sua conta: enviamos um link para criar uma nova senha.'}
    >
      <Stack gap="md" mt="lg">
        {sent ? (
          <>
            <Alert color="green" variant="light" role="status" title="Pedido recebido">
              {sent.detail}
            </Alert>
            {sent.delivery === 'file' && (
              <Alert color="yellow" variant="light" title="Este servidor ainda não envia e-mails">
                Nenhum servidor de e-mail está configurado: a mensagem com o link foi gravada em um arquivo no servidor. Peça ao
                administrador do Adega que lhe passe o link.
              </Alert>
            )}
          </>
        ) : (
          <FormProvider {...form}>
            <form ref={formRef} onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <SaveErrorAlert error={error} />
                <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="username" size="md" data-autofocus />
                <Button type="submit" size="md" loading={form.formState.isSubmitting}>
                  Enviar link
                </Button>
              </Stack>
            </form>
          </FormProvider>
        )}
        <BackToLogin />
      </Stack>
    </AuthCardPage>
  );
}
