import { tokenStore } from './token-store';

/** An error answered by the API: `detail` is the pt-BR message to show (docs/product.md §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code: string | undefined,
    readonly fields: Record<string, string> | undefined,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

const NETWORK_ERROR = 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.';

type Body = unknown;

export async function apiRequest<T>(method: string, path: string, body?: Body): Promise<T> {
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
  // docs/product.md §6: any 401 ends the session.
  if (res.status === 401) tokenStore.clear();
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => undefined);
  if (!res.ok) {
    const err = (data ?? {}) as { detail?: unknown; code?: string; fields?: Record<string, string> };
    const detail = typeof err.detail === 'string' ? err.detail : `Erro ${res.status}`;
    throw new ApiError(res.status, detail, err.code, err.fields);
  }
  return data as T;
}

/** A GET that also reads a total-count header (paginated lists such as the catalogue). */
export async function apiGetWithTotal<T>(path: string, header = 'x-total-count'): Promise<{ items: T; total: number | null }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, 'network_error', undefined);
  }
  if (res.status === 401) tokenStore.clear();
  const data = await res.json().catch(() => undefined);
  if (!res.ok) {
    const err = (data ?? {}) as { detail?: unknown; code?: string; fields?: Record<string, string> };
    throw new ApiError(res.status, typeof err.detail === 'string' ? err.detail : `Erro ${res.status}`, err.code, err.fields);
  }
  const raw = res.headers.get(header);
  const total = raw !== null && raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null;
  return { items: data as T, total };
}

/** A file answered by the API (QR SVG, exports), fetched with the session token. */
export async function apiGetBlob(path: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, 'network_error', undefined);
  }
  if (res.status === 401) tokenStore.clear();
  if (!res.ok) {
    const err = ((await res.json().catch(() => undefined)) ?? {}) as { detail?: unknown };
    throw new ApiError(res.status, typeof err.detail === 'string' ? err.detail : `Erro ${res.status}`, undefined, undefined);
  }
  return res.blob();
}

/** POST /api/upload-image (multipart field `file`) -> the stored image's address. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await apiRequest<{ image_url: string }>('POST', '/upload-image', body);
  return res.image_url;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: Body) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: Body) => apiRequest<T>('PUT', path, body),
  delete: <T = void>(path: string) => apiRequest<T>('DELETE', path),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
