import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appVersion } from './backup/app-version.js';
import { backupStatusRoutes, registerScheduledBackups } from './backup/scheduled.js';
import type { AppConfig } from './config.js';
import { createDiskSpace, type DiskSpace } from './core/disk-space.js';
import { type Database, openDatabase } from './db/client.js';
import { registerAuthentication } from './http/authenticate.js';
import { registerDiskGuard } from './http/disk-guard.js';
import { registerErrorHandler, toErrorBody } from './http/error-handler.js';
import { registerIdempotency } from './http/idempotency.js';
import { openApiRoutes, registerOpenApi } from './http/openapi.js';
import { createRateLimitCounter, type RateLimitCounter } from './http/rate-limit-counter.js';
import { databaseRateLimitStore } from './http/rate-limit-store.js';
import { createReadiness, type Readiness } from './http/readiness.js';
import { registerNulGuard } from './http/reject-nul.js';
import { assignRequestId, jobLogFields, mergeJobLogFields, newRequestId, REQUEST_ID_HEADER } from './http/request-context.js';
import { registerRouteAudit } from './http/route-audit.js';
import { registerRoutePolicy } from './http/route-policy.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerClientApp, registerUploads } from './http/static-and-spa.js';
import { createJobRunner, type JobRunner, jobsConnection } from './jobs/runner.js';
import { type AppMetrics, createMetrics, labelRoutes, metricsRoute } from './metrics/metrics.js';
import { accountRoutes, createAccountService } from './modules/account/index.js';
import { analyticsRoutes, createAnalyticsService } from './modules/analytics/index.js';
import { apiKeyRoutes, createApiKeyService } from './modules/api-keys/index.js';
import { auditRoutes, createAuditService } from './modules/audit/index.js';
import {
  authRoutes,
  createAuthService,
  createTokenSigner,
  endSessionsOf,
  passwordRoutes,
  registerPasswordResetJobs,
  twoStepRoutes,
} from './modules/auth/index.js';
import { type CatalogService, catalogRoutes, createCatalogService } from './modules/catalog/index.js';
import { cellarRoutes, createCellarService } from './modules/cellar/index.js';
import { createCrmService, crmRoutes } from './modules/crm/index.js';
import { createEstablishmentService, establishmentRoutes } from './modules/establishments/index.js';
import { healthRoutes } from './modules/health/index.js';
import { createInvitationService, invitationRoutes } from './modules/invitations/index.js';
import {
  createExportLinks,
  createLgpdService,
  lgpdRoutes,
  recordSearchWordsRun,
  registerExportJob,
  registerRetentionJob,
} from './modules/lgpd/index.js';
import { createMailer, type Mailer, type MailRetryPolicy, mailRoutes, outboxCounts } from './modules/mail/index.js';
import { createMenuEngineeringService, menuEngineeringRoutes } from './modules/menu-engineering/index.js';
import {
  countGuestActivity,
  createMenuEventCounter,
  createMenuInsightsService,
  createMenuViewCounter,
  type MenuEventCounter,
  type MenuViewCounter,
  menuEventRoutes,
  menuInsightsRoutes,
  registerSearchWordsRetention,
} from './modules/menu-insights/index.js';
import { menuLanguageRoutes } from './modules/menu-languages/index.js';
import {
  createOnboardingService,
  crmLeadHooks,
  dnsMailDomainResolver,
  type MailDomainResolver,
  onboardingPublicRoutes,
  onboardingReviewRoutes,
} from './modules/onboarding/index.js';
import { createOrderService, orderRoutes } from './modules/orders/index.js';
import {
  countRunningImports,
  createProductImportService,
  type ImportJobs,
  productImportRoutes,
  registerImportJobs,
} from './modules/product-import/index.js';
import { createProductService, productRoutes } from './modules/products/index.js';
import { createPublicService, publicApiRoutes } from './modules/public/index.js';
import { createSeedService, seedRoutes } from './modules/seed/index.js';
import { createSupplierService, supplierRoutes } from './modules/suppliers/index.js';
import { createTillImportService, registerTillImportJobs, type TillImportJobs, tillImportRoutes } from './modules/till-import/index.js';
import { registerOrphanCleanup, uploadRoutes } from './modules/uploads/index.js';
import { createUserService, userRoutes } from './modules/users/index.js';
import {
  createWebhookOutbox,
  createWebhookService,
  DEFAULT_WEBHOOK_RETRY,
  registerWebhookDelivery,
  type WebhookRetryPolicy,
  webhookRoutes,
} from './modules/webhooks/index.js';
import { createWineMenuService, wineMenuRoutes } from './modules/wine-menus/index.js';
import { createPublicPageCache } from './public-pages/page-cache.js';
import { publicMenuByPagePath, publicPageRoutes } from './public-pages/routes.js';
import { openStorage, type Storage } from './storage/storage.js';

z.config(z.locales.pt());

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** The app's one file storage: public images and private files. */
    storage: Storage;
    /** Built with the app, not started: main.ts starts it once per process, tests that need jobs do too. */
    jobs: JobRunner;
    /** Rate limits counted in the database, shared by every process and kept across restarts. */
    rateLimits: RateLimitCounter;
    /** The product import's background work: main.ts resumes interrupted imports once the runner starts. */
    productImportJobs: ImportJobs;
    /** The till sales spreadsheet's background work (issue 31): main.ts resumes interrupted imports like the products'. */
    tillImportJobs: TillImportJobs;
    /** Public menu views counted in memory and written in batches (modules/menu-insights). */
    menuViews: MenuViewCounter;
    /** Searches, filters and wines opened on public menus, counted like the views (decision 0064). */
    menuEvents: MenuEventCounter;
    /** The outbox every e-mail goes through (SMTP_URL, or .eml files under DATA_DIR/mail). */
    mailer: Mailer;
    /** Free space under DATA_DIR: uploads are refused and imports pause when it is low. */
    disk: DiskSpace;
    /** The catalogue service (the benchmark waits for its search index). */
    catalog: CatalogService;
    /** Whether this process should get traffic (GET /api/health/ready): main.ts tells it of start-up and shutdown. */
    readiness: Readiness;
    /** The Prometheus figures (GET /metrics, decision 0085). */
    metrics: AppMetrics;
  }
}

const PUBLIC_PAGES_CHANNEL = 'adega_public_pages';

export interface BuildOptions {
  /** An already opened database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** Answers whether an e-mail domain accepts mail when config.onboardingEmailDnsCheck is on (tests inject one; DNS otherwise). */
  mailDomainResolver?: MailDomainResolver;
  /** How soon an undelivered e-mail is tried again (tests shorten it). */
  mailRetry?: MailRetryPolicy;
  /** How soon an undelivered webhook is tried again, and when its endpoint is paused (tests shorten it). */
  webhookRetry?: WebhookRetryPolicy;
  /** Tests: a disk whose free space they choose; otherwise DATA_DIR's file system. */
  disk?: DiskSpace;
  /** Tests: the catalogue's search index waits for this before it loads (a process whose index is still loading). */
  searchIndexBeforeLoad?: () => Promise<void>;
  /** Tests: how often idle job workers look for work (pg-boss's 2 s otherwise; its least is 0.5 s). */
  jobPollingSeconds?: number;
  /** Tests: a queued job wakes its workers once its transaction commits (RunnerOptions.wakeOnCommit). */
  jobWakeups?: boolean;
  /**
   * A 2xx of a write route declaring `audit: 'recorded'` that recorded no audit entry becomes a 500 `audit_missing`
   * (route-audit.ts). On by default when config.env is 'test'.
   */
  checkAuditTrail?: boolean;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ?? (await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }));
  const { db } = database;
  const tokens = createTokenSigner(config.jwtSecret);
  const storage = await openStorage(config);
  const disk = options.disk ?? createDiskSpace(config.dataDir, config.minFreeDiskBytes);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream && { stream: options.logStream }),
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.access_token'], censor: '[oculto]' },
            // A job's lines show the id of the request that queued it (request-context.ts).
            mixin: jobLogFields,
            mixinMergeStrategy: mergeJobLogFields,
          },
    // Set (or checked) by assignRequestId before Fastify reads it; app.inject in tests gets a fresh one.
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: newRequestId,
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
  app.decorate('storage', storage);
  app.decorate('rateLimits', createRateLimitCounter(db));
  app.decorate('disk', disk);
  // Modules register their queues here; starting the runner is main.ts's call, never buildApp's.
  app.decorate(
    'jobs',
    createJobRunner(jobsConnection(database), app.log, {
      pollingIntervalSeconds: options.jobPollingSeconds,
      wakeOnCommit: options.jobWakeups,
    }),
  );
  registerOrphanCleanup(app.jobs, { db, storage: storage.public, log: app.log });
  registerSearchWordsRetention(app.jobs, {
    db,
    log: app.log,
    onRun: recordSearchWordsRun,
  });
  registerExportJob(app.jobs, { db, files: storage.private, log: app.log });
  registerRetentionJob(app.jobs, { db, files: storage.private, log: app.log });
  registerScheduledBackups(app.jobs, config.backup, { database, storage, s3: config.s3, log: app.log });
  app.decorate(
    'mailer',
    createMailer({ db, jobs: app.jobs, config, log: app.log, ...(options.mailRetry && { retry: options.mailRetry }) }),
  );
  app.decorate(
    'productImportJobs',
    registerImportJobs({ db, files: storage.private, disk, jobs: app.jobs, log: app.log, singleProcess: database.kind === 'pglite' }),
  );
  app.decorate('publicPages', createPublicPageCache());
  app.decorate('readiness', createReadiness());
  app.decorate(
    'metrics',
    createMetrics(
      {
        database,
        disk,
        publicPages: app.publicPages,
        jobs: app.jobs,
        readiness: app.readiness,
        log: app.log,
        outbox: () => outboxCounts(db),
        runningImports: () => countRunningImports(db),
      },
      config.metrics.token,
    ),
  );
  const { fairShare } = database;
  // Followed on the raw server, not with Fastify hooks: onRequest, onResponse and onRequestAbort hooks on every
  // request cost the public menu some 15-20 µs of CPU of its ~100 µs per answer (docs/decisions/0083). Put ahead of
  // Fastify's own listener, so the request id is there before Fastify reads it. 'close' comes when the answer is sent
  // and when the client goes away first.
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    assignRequestId(request, response);
    const startedAt = performance.now();
    // Background work on the embedded database goes after the requests being served (db/fair-share.ts).
    const ended = fairShare?.requestStarted();
    response.once('close', () => {
      ended?.();
      app.metrics.observe(request, response, startedAt);
    });
  });
  app.decorate('menuViews', createMenuViewCounter({ db, log: app.log }));
  app.decorate('menuEvents', createMenuEventCounter({ db, log: app.log }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onClose', async () => {
    await app.metrics.close();
    // The runner may still be working (main.ts stops it first; a test may not): it goes before its database.
    await app.jobs.stop();
    app.mailer.close();
    // Counted views still in memory are written before the database closes.
    await Promise.all([app.menuViews.close(), app.menuEvents.close()]);
    await database.close();
    await storage.close();
  });

  await registerSecurityHeaders(app);
  // Before compression: a write's answer is kept as it was sent, to be sent again for the same Idempotency-Key.
  registerIdempotency(app, db);
  // Bodies already in memory up to 64 KB are compressed in one call, not through a zlib stream: a catalogue page costs
  // a fraction of the time that way (decision 0031).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], syncThreshold: 64 * 1024 });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.rateLimits) });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  registerNulGuard(app);
  const auth = createAuthService({
    db,
    tokens,
    jobs: app.jobs,
    mailer: app.mailer,
    passkeyOrigin: config.passkeyOrigin,
    signingSecret: config.jwtSecret,
  });
  registerPasswordResetJobs(app.jobs, { db, mailer: app.mailer, log: app.log });
  const apiKeys = createApiKeyService({ db, rateLimits: app.rateLimits, perMinute: config.apiKeyRateLimit });
  const webhookAddresses = { allowedHosts: config.webhookAllowedHosts };
  registerWebhookDelivery({
    db,
    jobs: app.jobs,
    mailer: app.mailer,
    log: app.log,
    retry: options.webhookRetry ?? DEFAULT_WEBHOOK_RETRY,
    addresses: webhookAddresses,
  });
  const webhooks = createWebhookOutbox(app.jobs);
  registerAuthentication(app, { verifyToken: auth.verifyToken, loadCaller: auth.loadCaller, apiKeys: apiKeys.auth });
  registerRoutePolicy(app);
  // Before the routes: @fastify/swagger reads each route as it is added.
  await registerOpenApi(app, appVersion());
  registerRouteAudit(app, { checkRecorded: options.checkAuditTrail ?? config.env === 'test' });
  registerDiskGuard(app, disk);
  labelRoutes(app);

  await app.register(healthRoutes(database, disk, app.readiness));
  openApiRoutes(app);
  if (config.metrics.token) await app.register(metricsRoute(app.metrics, config.metrics.token));
  await app.register(authRoutes(auth));
  await app.register(passwordRoutes(auth));
  await app.register(twoStepRoutes(auth));
  await app.register(accountRoutes(createAccountService({ db })));
  await app.register(mailRoutes(db, app.mailer));
  await app.register(backupStatusRoutes(storage, config.backup));
  await app.register(userRoutes(createUserService({ db, endSessions: (tx, userId) => endSessionsOf(tx, userId) })));
  const invitations = createInvitationService({ db, mailer: app.mailer, startSession: (userId) => auth.startSession(userId) });
  await app.register(invitationRoutes(invitations));
  const catalog = createCatalogService({
    db,
    onError: (err) => app.log.error({ err }, 'catalogue search index not loaded'),
    ...(options.searchIndexBeforeLoad && { beforeLoad: options.searchIndexBeforeLoad }),
  });
  app.decorate('catalog', catalog);
  await app.register(catalogRoutes(catalog));
  await app.register(productRoutes(createProductService({ db })));
  await app.register(supplierRoutes(createSupplierService({ db })));
  // Every write to an establishment, a menu or its wines, or to a cellar count (a sale, a delivery) drops that
  // establishment's cached public pages.
  // Other processes sharing a PostgreSQL server hear of it through NOTIFY and drop their copies too.
  await database.subscribe(PUBLIC_PAGES_CHANNEL, (establishmentId) => app.publicPages.invalidateEstablishment(establishmentId));
  const onPublicChange = (establishmentId: string) => {
    app.publicPages.invalidateEstablishment(establishmentId);
    database
      .publish(PUBLIC_PAGES_CHANNEL, establishmentId)
      .catch((err: unknown) => app.log.warn({ err }, 'public page invalidation not broadcast'));
  };
  await app.register(orderRoutes(createOrderService({ db, mailer: app.mailer, onPublicChange, webhooks })));
  const cellar = createCellarService({ db, onPublicChange, webhooks });
  await app.register(cellarRoutes(cellar));
  app.decorate(
    'tillImportJobs',
    registerTillImportJobs({ db, files: storage.private, cellar, jobs: app.jobs, log: app.log, singleProcess: database.kind === 'pglite' }),
  );
  await app.register(tillImportRoutes(createTillImportService({ db, files: storage.private, jobs: app.jobs })));
  await app.register(crmRoutes(createCrmService({ db })));
  await app.register(publicApiRoutes(createPublicService({ db })));
  await app.register(uploadRoutes(storage.public));
  await app.register(productImportRoutes(createProductImportService({ db, files: storage.private, jobs: app.jobs, log: app.log })));
  await app.register(establishmentRoutes(createEstablishmentService({ db, onPublicChange })));
  await app.register(wineMenuRoutes(createWineMenuService({ db, onPublicChange, webhooks, publicBaseUrl: config.publicBaseUrl })));
  await app.register(menuLanguageRoutes(db, { onPublicChange }));
  await app.register(menuEngineeringRoutes(createMenuEngineeringService({ db })));
  const onboarding = createOnboardingService({
    db,
    files: storage.private,
    onPublicChange,
    leads: crmLeadHooks,
    inviteManager: (tx, input) => invitations.inviteManagerIn(tx, input),
    ...(config.onboardingEmailDnsCheck && { resolveMailDomain: options.mailDomainResolver ?? dnsMailDomainResolver }),
  });
  await app.register(onboardingPublicRoutes(onboarding));
  await app.register(onboardingReviewRoutes(onboarding));
  await app.register(
    lgpdRoutes(createLgpdService({ db, files: storage.private, jobs: app.jobs, links: createExportLinks(config.jwtSecret), log: app.log })),
  );
  await app.register(analyticsRoutes(createAnalyticsService({ db })));
  await app.register(menuInsightsRoutes(createMenuInsightsService({ db })));
  await app.register(
    menuEventRoutes({ findMenu: publicMenuByPagePath(db, app.publicPages), events: app.menuEvents, secret: config.jwtSecret }),
  );
  await app.register(auditRoutes(createAuditService({ db })));
  await app.register(apiKeyRoutes(apiKeys));
  await app.register(webhookRoutes(createWebhookService({ db, jobs: app.jobs, addresses: webhookAddresses })));
  await app.register(seedRoutes(createSeedService({ db, storage: storage.public, onPublicChange })));

  await registerUploads(app, storage);
  const spa = await registerClientApp(app, config.clientDir);
  await app.register(
    publicPageRoutes(db, app.publicPages, spa, {
      publicBaseUrl: config.publicBaseUrl,
      onMenuView: countGuestActivity({ views: app.menuViews, events: app.menuEvents, secret: config.jwtSecret }),
    }),
  );
  return app;
}
