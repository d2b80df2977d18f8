import { Alert, Anchor, Box, Button, Container, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginResponseSchema } from '../../../shared/auth';
import { INVITATION_TEXTS, invitationPreviewSchema } from '../../../shared/invitations';
import { passwordProblems } from '../../../shared/password-rule';
import { ROLE_LABELS } from '../../../shared/roles';
import { ApiError, api, errorMessage } from '../../lib/api';
import { tokenStore } from '../../lib/token-store';
import { BrandMark } from '../../ui/BrandMark';
import { NewPasswordInput } from '../../ui/NewPasswordInput';
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
            <InvalidLink message={preview.error instanceof ApiError && preview.error.status !== 400 ? errorMessage(preview.error, INVALID_LINK) : INVALID_LINK} />
          ) : preview.isPending ? (
            <Stack align="center" gap="sm" py="lg">
              <Loader color="vinho" />
              <Text c="dimmed">Verificando o convite…</Text>
            </Stack>
          ) : (
            <AcceptForm token={token} email={preview.data.email} role={ROLE_LABELS[preview.data.role]} places={preview.data.establishments} />
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

function AcceptForm({ token, email, role, places }: { token: string; email: string; role: string; places: string[] }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : INVITATION_TEXTS.nameRequired,
      password: passwordProblems(password, email)[0],
    };
    setErrors(next);
    if (next.name || next.password) return;
    setBusy(true);
    setFailure(null);
    try {
      const session = await api.post('/invitations/accept', { token, name: name.trim(), password }, loginResponseSchema);
      tokenStore.set(session.access_token);
      navigate('/', { replace: true });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields?.name || fields?.password) setErrors({ name: fields.name, password: fields.password });
      setFailure(errorMessage(err, 'Não foi possível aceitar o convite. Tente novamente.'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={22}>
            Aceitar convite
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Você foi convidado para o painel do Adega como {role}
            {places.length > 0 && ` em ${places.join(', ')}`}. Escolha seu nome e uma senha para entrar.
          </Text>
        </div>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label="E-mail" value={email} readOnly autoComplete="username" description="O e-mail do convite: é com ele que você entra." />
        <TextInput
          label="Seu nome"
          withAsterisk
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          maxLength={120}
        />
        <NewPasswordInput label="Senha" withAsterisk email={email} value={password} onChange={setPassword} error={errors.password} />
        <Button type="submit" loading={busy} fullWidth>
          Criar conta e entrar
        </Button>
      </Stack>
    </form>
  );
}
