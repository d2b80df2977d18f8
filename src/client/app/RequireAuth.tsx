import { Center, Loader, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession, wasLoggedOutOnPurpose } from '../lib/session';

/** docs/product.md §2: no token -> /login remembering the origin; a loading message while the session is checked. */
export function RequireAuth() {
  const { token, user, isChecking } = useSession();
  const location = useLocation();
  if (!token) {
    const state = wasLoggedOutOnPurpose() ? null : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (isChecking || !user) {
    return (
      <Center h="100vh">
        <Stack align="center" gap="sm">
          <Loader color="vinho" />
          <Text c="dimmed">Verificando sua sessão…</Text>
        </Stack>
      </Center>
    );
  }
  return <Outlet />;
}
