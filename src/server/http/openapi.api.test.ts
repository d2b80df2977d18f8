import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { testAppPerFile } from '../test-support/file-app.js';
import { DOCS_PATH, OPENAPI_PATH } from './openapi.js';

const t = testAppPerFile();

type Operation = {
  tags?: string[];
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

async function theDocument(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  return res.json() as Document;
}

describe('the API document (GET /api/openapi.json)', () => {
  it('is a valid OpenAPI 3.1 document, served without signing in', async () => {
    const document = await theDocument();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds every route an API key may call, with its scope, its schemas and its errors, and no other route', async () => {
    const document = await theDocument();
    const keyRoutes = t.app.apiRoutes.filter((route) => route.keyScope);
    expect(keyRoutes.length).toBeGreaterThan(10);
    for (const route of keyRoutes) {
      const where = `${route.method} ${route.url}`;
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, where).toBeDefined();
      if (!operation) continue;
      expect(operation.tags, where).toEqual([route.keyScope]);
      expect(operation.description, where).toContain(`\`${route.keyScope}\``);
      expect(Object.keys(operation.responses), where).toEqual(expect.arrayContaining(['401', '403', '429']));
      const { params, body, querystring, response } = (route.schema ?? {}) as Record<string, z.ZodType | undefined>;
      const shapeOf = (schema: z.ZodType | undefined) => Object.keys((schema as unknown as z.ZodObject | undefined)?.shape ?? {}).sort();
      const inPart = (part: string) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === part)
          .map((p) => p.name)
          .sort();
      expect(inPart('path'), where).toEqual(shapeOf(params));
      expect(inPart('query'), where).toEqual(shapeOf(querystring));
      if (body) {
        const documented = operation.requestBody?.content['application/json']?.schema.properties ?? {};
        expect(Object.keys(documented).sort(), where).toEqual(shapeOf(body));
      } else {
        expect(operation.requestBody, where).toBeUndefined();
      }
      for (const status of Object.keys((response as Record<string, unknown> | undefined) ?? {})) {
        expect(operation.responses[status], `${where} ${status}`).toBeDefined();
      }
    }
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(keyRoutes.map((route) => `${route.method} ${openApiPath(route.url)}`).sort());
    expect(documented.some((line) => line.includes('/api/users') || line.includes('api-keys'))).toBe(false);
  });
});

describe('the API reference (GET /api/docs)', () => {
  it('is Swagger UI from this server, reading the document; other files are not served', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const src of [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string)) {
      if (src === OPENAPI_PATH) continue;
      const asset = await t.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.body.length, src).toBeGreaterThan(10);
    }
    const init = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/init.js` });
    expect(init.body).toContain(OPENAPI_PATH);
    for (const url of [`${DOCS_PATH}/package.json`, `${DOCS_PATH}/..%2F..%2Fpackage.json`, `${DOCS_PATH}/index.html`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
