import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../core/app-error.js';
import { isPublicFileName, type Storage, UPLOADS_URL_PREFIX } from '../storage/storage.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** favicon.ico (16/32/48 px PNGs packed from favicon.svg with sharp, committed) is asked for by every browser and Lighthouse. */
const FAVICON = /^favicon\.(ico|svg)$/;
const FAVICON_CACHE = 'public, max-age=604800';

/**
 * index.html holds two first paints between markers: the admin's loading outline and /onboarding's. Each address
 * keeps only its own (the login screen neither).
 */
const ADMIN_BOOT = /<!--boot-->[\s\S]*?<!--\/boot-->/;
const ONBOARDING_BOOT = /<!--onboarding-->[\s\S]*?<!--\/onboarding-->/;
const pathOf = (url: string) => url.split('?')[0]?.replace(/\/+$/, '') ?? '';

function shellsOf(indexHtml: string) {
  const admin = indexHtml.replace(ONBOARDING_BOOT, '');
  const onboarding = indexHtml.replace(ADMIN_BOOT, '');
  const bare = admin.replace(ADMIN_BOOT, '');
  return (url: string) => {
    const path = pathOf(url);
    return path === '/onboarding' ? onboarding : path === '/login' ? bare : admin;
  };
}

export interface SpaShell {
  send(reply: FastifyReply): FastifyReply;
}

/**
 * Serves the built admin app: hashed /assets/* cached forever, index.html for every client route (deep links).
 * Without a build (API tests) client routes answer 404.
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string | undefined): Promise<SpaShell> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const shellFor = indexHtml ? shellsOf(indexHtml) : undefined;
  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(clientDir, filePath);
        res.header(
          'Cache-Control',
          rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : FAVICON.test(rel) ? FAVICON_CACHE : 'public, max-age=3600',
        );
      },
    });
  }
  const shell: SpaShell = {
    send(reply) {
      if (!shellFor) throw appError('not_found', 'Aplicação não compilada. Rode `npm run build`.');
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(shellFor(reply.request.url));
    },
  };
  const notFound = (request: FastifyRequest) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    return appError('not_found', isApi ? 'Endereço da API não encontrado.' : 'Arquivo não encontrado.');
  };
  // A route rather than the not-found handler, so compression and every other route hook apply.
  app.get('/*', { config: { public: true } }, async (request, reply) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/assets/') || url.startsWith('/uploads/')) throw notFound(request);
    return shell.send(reply);
  });
  // Exact, so a parametric public route (/:estSlug) can never take the admin's home.
  app.get('/', { config: { public: true } }, async (_request, reply) => shell.send(reply));
  app.setNotFoundHandler((request: FastifyRequest) => {
    throw notFound(request);
  });
  return shell;
}

/**
 * Public images under /uploads/<name>, cached for a year (names are never reused). From the uploads folder by the
 * static file server, or, with object storage, read from the bucket by the app (decision 0032): same URLs, same headers.
 */
export async function registerUploads(app: FastifyInstance, storage: Storage): Promise<void> {
  if (storage.uploadsDirectory) {
    mkdirSync(storage.uploadsDirectory, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.uploadsDirectory,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders(res) {
        res.header('Cache-Control', IMMUTABLE);
        res.header('X-Content-Type-Options', 'nosniff');
      },
    });
    return;
  }
  const files = storage.public;
  app.get<{ Params: { name: string } }>('/uploads/:name', { config: { public: true } }, async (request, reply) => {
    const { name } = request.params;
    const file = isPublicFileName(name) ? await files.read(`${UPLOADS_URL_PREFIX}${name}`) : undefined;
    if (!file) throw appError('not_found', 'Arquivo não encontrado.');
    void reply
      .header('Cache-Control', IMMUTABLE)
      .header('X-Content-Type-Options', 'nosniff')
      .header('ETag', file.etag)
      .header('Last-Modified', file.modifiedAt.toUTCString());
    if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
    return reply.type(file.contentType).send(file.bytes);
  });
}
