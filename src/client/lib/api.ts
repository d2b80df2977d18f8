import { z } from 'zod';
import { ApiError, type Method, request, UNEXPECTED_RESPONSE } from './transport';

export { ApiError, request, UNEXPECTED_RESPONSE } from './transport';

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
