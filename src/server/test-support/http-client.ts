/** A client of a server process over HTTP, for the tests and benches that run the server as a process of its own. */
import { multipartBody } from './multipart.js';

export type ProcessClient = Awaited<ReturnType<typeof signInTo>>;

/** A client of a server process at `base` (http://host:port), signed in as `credentials`. */
export async function signInTo(base: string, credentials: { email: string; password: string }) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  return {
    auth,
    get: (url: string) => fetch(`${base}${url}`, { headers: auth }),
    send: (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: object) =>
      fetch(`${base}${url}`, { method, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    upload: (url: string, filename: string, contentType: string, bytes: Buffer) => {
      const { payload, headers } = multipartBody('file', filename, contentType, bytes);
      return fetch(`${base}${url}`, { method: 'POST', headers: { ...auth, ...headers }, body: new Uint8Array(payload) });
    },
  };
}

/** Starts the import of an uploaded sheet with `mapping`, new categories and suppliers allowed, as the wizard does. */
export const executeImport = (client: ProcessClient, importId: string, mapping: Record<string, string>) =>
  client.send('POST', '/api/product-import/execute', {
    import_id: importId,
    field_mapping: mapping,
    options: { skip_duplicates: true, create_categories: true, create_suppliers: true },
  });
