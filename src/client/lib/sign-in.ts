import { tokenStore } from './token-store';
import { ApiError, request, UNEXPECTED_RESPONSE } from './transport';

/** POST /api/auth/login and keep the token. Checked by hand, without zod: the login page's budget (decision 0012). */
export async function signIn(email: string, password: string): Promise<void> {
  const res = await request('POST', '/auth/login', { email, password });
  const body: unknown = await res.json().catch(() => undefined);
  const token = typeof body === 'object' && body !== null ? (body as { access_token?: unknown }).access_token : undefined;
  if (typeof token !== 'string' || token === '') throw new ApiError(res.status, UNEXPECTED_RESPONSE, 'invalid_response', undefined);
  tokenStore.set(token);
}
