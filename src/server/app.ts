import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerErrorHandler, toErrorBody } from './http/error-handler.js';
import { registerNulGuard } from './http/reject-nul.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerClientApp, registerUploads } from './http/static-and-spa.js';
import { authRoutes } from './modules/auth/routes.js';
import { loadCaller } from './modules/auth/service.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { establishmentRoutes } from './modules/establishments/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { publicApiRoutes } from './modules/public/routes.js';
import { seedRoutes } from './modules/seed/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { wineMenuRoutes } from './modules/wine-menus/routes.js';
import { createPublicPageCache } from './public-pages/page-cache.js';
import { publicPageRoutes } from './public-pages/routes.js';
import { localStorage } from './storage/storage.js';

z.config(z.locales.pt());

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

const PUBLIC_PAGES_CHANNEL = 'adega_public_pages';

export interface BuildOptions {
  /** An already opened database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ?? (await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }));
  const { db } = database;
  const tokens = createTokenSigner(config.jwtSecret);
  const uploadsDir = path.join(config.dataDir, 'uploads');

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream && { stream: options.logStream }),
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.access_token'], censor: '[oculto]' },
          },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Public menu links carry slugs; longer segments must still reach the routes and get the guest 404 page.
    routerOptions: { maxParamLength: 500 },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Errors raised before routing (a malformed URL, say) get the same {detail, code} body as the rest.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const { status, body } = toErrorBody(error);
      void reply.status(status).send(body);
    },
  });
  app.decorate('database', database);
  app.decorate('publicPages', createPublicPageCache());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onClose', async () => {
    await database.close();
  });

  await registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  registerNulGuard(app);
  registerAuthentication(app, { verifyToken: tokens.verify, loadCaller: (token) => loadCaller(db, token) });

  await app.register(healthRoutes(database));
  await app.register(authRoutes(db, tokens));
  await app.register(userRoutes(db));
  await app.register(catalogRoutes(db));
  await app.register(publicApiRoutes(db));
  await app.register(uploadRoutes(localStorage(uploadsDir)));
  // Every write to an establishment, a menu or its wines drops that establishment's cached public pages.
  // Other processes sharing a PostgreSQL server hear of it through NOTIFY and drop their copies too.
  await database.subscribe(PUBLIC_PAGES_CHANNEL, (establishmentId) => app.publicPages.invalidateEstablishment(establishmentId));
  const onPublicChange = (establishmentId: string) => {
    app.publicPages.invalidateEstablishment(establishmentId);
    database
      .publish(PUBLIC_PAGES_CHANNEL, establishmentId)
      .catch((err: unknown) => app.log.warn({ err }, 'public page invalidation not broadcast'));
  };
  await app.register(establishmentRoutes(db, { onPublicChange }));
  await app.register(wineMenuRoutes(db, { onPublicChange, publicBaseUrl: config.publicBaseUrl }));
  await app.register(seedRoutes(db, { storage: localStorage(uploadsDir), onPublicChange }));

  await registerUploads(app, uploadsDir);
  const spa = await registerClientApp(app, config.clientDir);
  await app.register(publicPageRoutes(db, app.publicPages, spa));
  return app;
}
