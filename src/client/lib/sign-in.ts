import type { SessionStage } from '../../shared/two-step-rules';
import { tokenStore } from './token-store';
import { ApiError, request, UNEXPECTED_RESPONSE } from './transport';

/** The answer of a password or passkey sign-in, checked by hand, without zod: the login page's budget (decision 0012). */
async function readSignIn(res: Response): Promise<{ token: string; stage: SessionStage }> {
  const body: unknown = await res.json().catch(() => undefined);
  const { access_token: token, stage } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof token !== 'string' || token === '' || (stage !== 'full' && stage !== 'second_factor' && stage !== 'setup_required')) {
    throw new ApiError(res.status, UNEXPECTED_RESPONSE, 'invalid_response', undefined);
  }
  return { token, stage };
}

/**
 * POST /api/auth/login. A full session (or one that must set up two-step) keeps its token at once; one that owes the
 * two-step code answers the token for `sendLoginCode` without keeping it, so no screen opens before the code.
 */
export async function signIn(email: string, password: string): Promise<{ pendingToken: string | null }> {
  const { token, stage } = await readSignIn(await request('POST', '/auth/login', { email, password }));
  if (stage === 'second_factor') return { pendingToken: token };
  tokenStore.set(token);
  return { pendingToken: null };
}

/** The second step: the code of the app (or a recovery code) for the session of `pendingToken`, which is then kept. */
export async function sendLoginCode(pendingToken: string, code: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/api/auth/login/code', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${pendingToken}` },
      body: JSON.stringify({ code }),
    });
  } catch {
    throw new ApiError(0, 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.', 'network_error', undefined);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { detail?: unknown };
    throw new ApiError(res.status, typeof body.detail === 'string' ? body.detail : `Erro ${res.status}`, undefined, undefined);
  }
  tokenStore.set(pendingToken);
}

/** "Entrar com passkey": the browser offers this site's passkeys; the WebAuthn code loads only when asked for. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const start = (await (await request('POST', '/auth/passkey/options')).json()) as { challenge_id: string; options: never };
  const response = await startAuthentication({ optionsJSON: start.options });
  const { token } = await readSignIn(await request('POST', '/auth/passkey/login', { challenge_id: start.challenge_id, response }));
  tokenStore.set(token);
}
