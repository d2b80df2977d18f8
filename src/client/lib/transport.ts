import { type ErrorCode, isErrorCode } from '../../shared/errors';
import { tokenStore } from './token-store';

/** What went wrong before an answer could be read: no answer at all, or one the client does not understand. */
export type ClientErrorCode = 'network_error' | 'invalid_response';

/**
 * An error answered by the API: `detail` is the pt-BR message to show (docs/product.md §8); `code` is one of the
 * server's shared codes (undefined when the body names none it knows) or one of the client's own.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code: ErrorCode | ClientErrorCode | undefined,
    readonly fields: Record<string, string> | undefined,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

const NETWORK_ERROR = 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.';
export const UNEXPECTED_RESPONSE = 'O servidor respondeu algo inesperado. Recarregue a página e tente novamente.';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The error body's fields, read by hand: this module stays free of zod so the login page can use it (decision 0012). */
function readErrorBody(body: unknown): { detail?: string; code?: ErrorCode; fields?: Record<string, string> } {
  if (typeof body !== 'object' || body === null) return {};
  const { detail, code, fields } = body as Record<string, unknown>;
  const fieldEntries =
    typeof fields === 'object' && fields !== null
      ? Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string')
      : [];
  return {
    detail: asString(detail),
    code: isErrorCode(code) ? code : undefined,
    fields: fieldEntries.length ? Object.fromEntries(fieldEntries) : undefined,
  };
}

/**
 * The one way the admin talks to the API: adds the session token, ends the session on any 401 (SPEC §4) and turns
 * every failure (network, error body) into an ApiError. Callers read the answer with the helpers of api.ts.
 */
export async function request(method: Method, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: payload });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, 'network_error', undefined);
  }
  if (res.status === 401) tokenStore.clear();
  if (!res.ok) {
    const err = readErrorBody(await res.json().catch(() => undefined));
    throw new ApiError(res.status, err.detail ?? `Erro ${res.status}`, err.code, err.fields);
  }
  return res;
}
