import { z } from 'zod';
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
export const UNEXPECTED_RESPONSE = 'O servidor respondeu algo inesperado. Recarregue a página e tente novamente.';

const errorBodySchema = z.object({
  detail: z.string().optional(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way the admin talks to the API: adds the session token, ends the session on any 401 (SPEC §4) and turns
 * every failure (network, error body) into an ApiError. Callers read the answer with the helpers below.
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
    const parsed = errorBodySchema.safeParse(await res.json().catch(() => undefined));
    const err = parsed.success ? parsed.data : {};
    throw new ApiError(res.status, err.detail ?? `Erro ${res.status}`, err.code, err.fields);
  }
  return res;
}

/** The JSON body checked against the shared schema; an answer that does not match is an error, not silently used. */
async function readJson<S extends z.ZodType>(res: Response, schema: S, path: string): Promise<z.output<S>> {
  const data: unknown = await res.json().catch(() => undefined);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new ApiError(res.status, UNEXPECTED_RESPONSE, 'invalid_response', undefined);
  }
  return parsed.data;
}

const send = async <S extends z.ZodType>(method: Method, path: string, schema: S, body?: unknown) =>
  readJson(await request(method, path, body), schema, path);

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S) => send('GET', path, schema),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S) => send('POST', path, schema, body),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S) => send('PUT', path, schema, body),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S) => send('PATCH', path, schema, body),
  delete: async (path: string): Promise<void> => {
    await request('DELETE', path);
  },
  /** A GET of a paginated list: the items and the total-count header (null when absent). */
  async list<S extends z.ZodType>(path: string, schema: S, header = 'x-total-count') {
    const res = await request('GET', path);
    const raw = res.headers.get(header);
    const total = raw !== null && raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : null;
    return { items: await readJson(res, schema, path), total };
  },
};

/** A file answered by the API (QR SVG, exports), fetched with the session token. */
export async function apiGetBlob(path: string): Promise<Blob> {
  return (await request('GET', path)).blob();
}

const uploadResultSchema = z.object({ image_url: z.string() });

/** POST /api/upload-image (multipart field `file`) -> the stored image's address. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return (await api.post('/upload-image', body, uploadResultSchema)).image_url;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
