import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession, wasLoggedOutOnPurpose } from '../lib/session';

const TwoStepSetupPage = lazy(() => import('../features/account/TwoStepSetupPage').then((m) => ({ default: m.TwoStepSetupPage })));

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
  // A role that must have two-step sign-in, without it: the set-up and nothing else (the server refuses the rest too).
  if (user.stage === 'setup_required') {
    return (
      <Suspense fallback={<Loader color="vinho" />}>
        <TwoStepSetupPage />
      </Suspense>
    );
  }
  return <Outlet />;
}
