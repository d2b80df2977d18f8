import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { forgetLogout, useToken } from '../../lib/session';
import { LoginForm } from './LoginForm';

function originOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/** /login inside the admin: after a logout or when a screen sent the person here, back to where they were going. */
export function LoginPage() {
  const token = useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const destination = originOf(location.state);
  useEffect(forgetLogout, []);
  // `afterLogin`: the layout sends a user who may not open the remembered page to the home screen instead.
  if (token) return <Navigate to={destination} replace state={{ afterLogin: true }} />;
  return <LoginForm onLoggedIn={() => navigate(destination, { replace: true, state: { afterLogin: true } })} />;
}
