import { Alert, Anchor, Box, Button, Container, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { loginResponseSchema } from '../../../shared/auth';
import { invitationAcceptSchema, invitationPreviewSchema } from '../../../shared/invitations';
import { passwordProblem } from '../../../shared/password-rule';
import { ROLE_LABELS } from '../../../shared/roles';
import { ApiError, api, errorMessage } from '../../lib/api';
import { tokenStore } from '../../lib/token-store';
import { useServerForm } from '../../lib/use-server-form';
import { BrandMark } from '../../ui/BrandMark';
import { NewPasswordInput } from '../../ui/NewPasswordInput';
import { TextField } from '../../ui/text-fields';
import classes from './AcceptInvitationPage.module.css';

const INVALID_LINK = 'Link inválido ou expirado';

/** /convite?token=…: public. Shows whom the invitation is for, asks a name and a password, and signs the person in. */
export function AcceptInvitationPage() {
  useDocumentTitle('Aceitar convite — Adega');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: () => api.post('/invitations/preview', { token }, invitationPreviewSchema),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <Box component="main" className={classes.page}>
      <Container size={480} px={{ base: 'xs', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
        <Box mb="md" px={{ base: 'xs', sm: 0 }}>
          <BrandMark size={30} light />
        </Box>
        <Paper shadow="xl" p={{ base: 'md', sm: 32 }} radius="md">
          {token === '' || preview.isError ? (
            <InvalidLink
              message={
                preview.error instanceof ApiError && preview.error.status !== 400 ? errorMessage(preview.error, INVALID_LINK) : INVALID_LINK
              }
            />
          ) : preview.isPending ? (
            <Stack align="center" gap="sm" py="lg">
              <Loader color="vinho" />
              <Text c="dimmed">Verificando o convite…</Text>
            </Stack>
          ) : (
            <AcceptForm
              token={token}
              email={preview.data.email}
              role={ROLE_LABELS[preview.data.role]}
              places={preview.data.establishments}
            />
          )}
        </Paper>
      </Container>
    </Box>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Title order={1} fz={22}>
        Aceitar convite
      </Title>
      <Alert color="red" variant="light" role="alert" title={message}>
        Peça a quem convidou você para reenviar o convite. Se você já criou sua senha, entre com ela.
      </Alert>
      <Anchor component={Link} to="/login">
        Ir para o login
      </Anchor>
    </Stack>
  );
}

/** Name and password, checked with the shared rules before the server checks them again. */
function acceptFormSchema(email: string) {
  return z.object({
    name: invitationAcceptSchema.shape.name,
    password: z.string().superRefine((password, ctx) => {
      const problem = passwordProblem(password, email);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}

function AcceptForm({ token, email, role, places }: { token: string; email: string; role: string; places: string[] }) {
  const navigate = useNavigate();
  const serverForm = useServerForm({
    schema: acceptFormSchema(email),
    defaults: { name: '', password: '' },
    failMessage: 'Não foi possível aceitar o convite. Tente novamente.',
    guardLeave: false,
    submit: async (values) => {
      const session = await api.post('/invitations/accept', { token, ...values }, loginResponseSchema);
      tokenStore.set(session.access_token);
      navigate('/', { replace: true });
    },
  });
  const { form, onSubmit, error, formRef } = serverForm;

  return (
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={22}>
              Aceitar convite
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              Você foi convidado para o painel do Adega como {role}
              {places.length > 0 && ` em ${places.join(', ')}`}. Informe seu nome e escolha uma senha para entrar.
            </Text>
          </div>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            value={email}
            readOnly
            variant="filled"
            autoComplete="username"
            description="O e-mail do convite: é com ele que você entra."
          />
          <TextField label="Seu nome" withAsterisk autoComplete="name" name="name" maxLength={120} />
          <NewPasswordInput label="Senha" withAsterisk email={email} name="password" />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
            Criar conta e entrar
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
}
