import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_SCOPE_LABELS, type ApiKeyScope } from '../../shared/api-keys.js';
import { ERROR_CODES } from '../../shared/errors.js';
import { keyScopeOf } from './api-key-scopes.js';
import type { RoutePolicy } from './route-policy.js';

/**
 * The API document for integrations (issue 31): OpenAPI 3.1 generated from the routes' own zod schemas by
 * @fastify/swagger, holding exactly the routes an API key may call, each with its scope and its errors. Served at
 * /api/openapi.json, and read at /api/docs with Swagger UI from the swagger-ui-dist package (no CDN).
 */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
const SECURITY_SCHEME = 'chaveDeApi';

const errorBody = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['detail', 'code'],
        properties: {
          detail: { type: 'string', description: 'A mensagem em português para mostrar a quem usa o sistema.' },
          code: { type: 'string', description: 'O código do erro, estável: decida por ele, nunca pelo texto.' },
          fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Campo → mensagem (400).' },
        },
      },
    },
  },
});

/** The errors every key route may answer besides its own. */
const KEY_ERRORS = {
  400: errorBody('Dados inválidos: `fields` diz o que corrigir em cada campo.'),
  401: errorBody(ERROR_CODES.invalid_api_key.detail),
  403: errorBody(`${ERROR_CODES.api_key_scope_missing.detail} Ou: o estabelecimento da chave não pode fazer isto.`),
  404: errorBody('Não encontrado, ou de outro estabelecimento.'),
  429: errorBody(`${ERROR_CODES.too_many_api_requests.detail} O cabeçalho Retry-After diz em quantos segundos.`),
};

/** Every write a key makes may carry an Idempotency-Key (idempotency.ts). */
const IDEMPOTENCY_HEADER_SCHEMA = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description:
        'Opcional. A mesma chave com a mesma requisição em 24 horas responde de novo a primeira resposta e não altera nada ' +
        '(cabeçalho Idempotent-Replayed: true); com outra requisição, 409.',
    },
  },
};

interface RouteConfig {
  policy?: RoutePolicy;
  public?: boolean;
  keyScope?: ApiKeyScope;
}

/** The scope a key needs for a route as @fastify/swagger hands it over, or undefined when keys may not call it. */
function routeKeyScope(method: string, config: RouteConfig | undefined): ApiKeyScope | undefined {
  const policy = config?.public ? 'public' : config?.policy;
  return keyScopeOf({ method, policy, ...(config?.keyScope && { keyScope: config.keyScope }) });
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Adega — API para integrações',
        version,
        description:
          'As rotas que o PDV e outros sistemas do restaurante podem chamar com uma chave de API (tela Integrações). ' +
          'Cada chave age só pelo seu estabelecimento e só nas rotas das permissões que recebeu.',
      },
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', description: 'A chave de API: `Authorization: Bearer adg_live_…`' },
        },
      },
      security: [{ [SECURITY_SCHEME]: [] }],
    },
    transform(input) {
      const method = [input.route.method].flat()[0] ?? 'GET';
      const scope = routeKeyScope(method, input.route.config as RouteConfig | undefined);
      if (!scope || !input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true } as FastifySchema, url: input.url };
      const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      const own = Object.fromEntries(
        Object.entries((schema as { response?: Record<string, object> }).response ?? {}).map(([status, body]) => [
          status,
          { ...body, description: status.startsWith('2') ? 'Sucesso.' : 'Erro.' },
        ]),
      );
      const isWrite = method !== 'GET' && method !== 'HEAD';
      return {
        url,
        schema: {
          ...schema,
          ...(isWrite && { headers: IDEMPOTENCY_HEADER_SCHEMA }),
          tags: [scope],
          description: `Permissão da chave: \`${scope}\` (${API_KEY_SCOPE_LABELS[scope]}).`,
          response: { ...KEY_ERRORS, ...own },
        } as FastifySchema,
      };
    },
  });
}

/** Swagger UI's files this page loads, from the npm package. */
const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const uiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** Each file read once, when first asked for: the reference is rarely opened, and then its files are the same. */
const uiFiles = new Map<string, Promise<Buffer>>();
const uiFile = (name: string) => {
  if (!uiFiles.has(name)) uiFiles.set(name, readFile(path.join(uiDir, name)));
  return uiFiles.get(name) as Promise<Buffer>;
};

const DOCS_HTML = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Adega — API para integrações</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<main id="docs"><noscript>A referência precisa de JavaScript. O documento está em <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript></main>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// A file, not an inline script: the Content-Security-Policy allows only this server's scripts.
const INIT_JS = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_PATH)}, dom_id: '#docs', deepLinking: true });\n`;

/** GET /api/openapi.json and the reference at /api/docs: public, like the document of any public API. */
export function openApiRoutes(app: FastifyInstance): void {
  const config = { public: true };
  const hidden = { hide: true };
  app.get(OPENAPI_PATH, { config, schema: hidden }, async () => app.swagger());
  app.get(DOCS_PATH, { config, schema: hidden }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_HTML));
  app.get(`${DOCS_PATH}/init.js`, { config, schema: hidden }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(INIT_JS),
  );
  app.get<{ Params: { file: string } }>(`${DOCS_PATH}/:file`, { config, schema: hidden }, async (request, reply) => {
    const type = Object.hasOwn(UI_FILES, request.params.file) ? UI_FILES[request.params.file] : undefined;
    if (!type) return reply.code(404).send({ detail: 'Arquivo não encontrado.', code: 'not_found' });
    const body = await uiFile(request.params.file);
    return reply.type(type).header('Cache-Control', 'public, max-age=86400').send(body);
  });
}
