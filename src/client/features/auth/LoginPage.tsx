import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LOGIN_FAILED_MESSAGE, type LoginRequest, loginRequestSchema } from '../../../shared/auth';
import { ApiError } from '../../lib/api';
import { login, useToken } from '../../lib/session';
import { BrandMark } from '../../ui/BrandMark';
import classes from './LoginPage.module.css';

function originOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

export function LoginPage() {
  const token = useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });
  const destination = originOf(location.state);

  if (token) return <Navigate to={destination} replace />;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      await login(email, password);
      navigate(destination, { replace: true });
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 401 ? err.detail : LOGIN_FAILED_MESSAGE);
    }
  });

  return (
    <Box component="main" className={classes.page}>
      <Center mih="100vh" p="md">
        <Paper shadow="xl" p={{ base: 'lg', sm: 40 }} w="100%" maw={420} className={classes.card}>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <BrandMark size={44} />
              <Title order={1} fz={22} ta="center">
                Entrar no painel
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                Gerencie as cartas de vinhos do seu restaurante.
              </Text>
            </Stack>
            {error && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {error}
              </Alert>
            )}
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <TextInput
                  label="E-mail"
                  type="email"
                  autoComplete="username"
                  autoFocus
                  size="md"
                  {...form.register('email')}
                  error={form.formState.errors.email?.message}
                />
                <PasswordInput
                  label="Senha"
                  autoComplete="current-password"
                  size="md"
                  {...form.register('password')}
                  error={form.formState.errors.password?.message}
                />
                <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting} mt="xs">
                  Entrar
                </Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
