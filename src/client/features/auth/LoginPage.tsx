import { Alert, Box, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { FormProvider } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LOGIN_FAILED_MESSAGE, loginRequestSchema } from '../../../shared/auth';
import { login, useToken } from '../../lib/session';
import { useServerForm } from '../../lib/use-server-form';
import { BrandMark } from '../../ui/BrandMark';
import { PasswordField, TextField } from '../../ui/text-fields';
import classes from './LoginPage.module.css';

function originOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

export function LoginPage() {
  const token = useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const destination = originOf(location.state);
  const { form, onSubmit, error, formRef } = useServerForm({
    schema: loginRequestSchema,
    defaults: { email: '', password: '' },
    // The server's own message (wrong password, too many attempts, offline) is shown; this one when there is none.
    failMessage: LOGIN_FAILED_MESSAGE,
    guardLeave: false,
    submit: async ({ email, password }) => {
      await login(email, password);
      navigate(destination, { replace: true });
    },
  });

  if (token) return <Navigate to={destination} replace />;

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
            <FormProvider {...form}>
              <form ref={formRef} onSubmit={onSubmit} noValidate>
                <Stack gap="md">
                  <TextField label="E-mail" type="email" autoComplete="username" autoFocus size="md" name="email" />
                  <PasswordField label="Senha" autoComplete="current-password" size="md" name="password" />
                  <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting} mt="xs">
                    Entrar
                  </Button>
                </Stack>
              </form>
            </FormProvider>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
