import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  approvalSchema,
  type CheckedField,
  checkResultSchema,
  MENU_MAX_BYTES,
  MENU_SENT,
  menuUploadResultSchema,
  onboardingFormSchema,
  processCreatedSchema,
  processIdParamsSchema,
  rejectSchema,
  reviewDetailSchema,
  reviewListQuerySchema,
  reviewSummarySchema,
  validateCnpjSchema,
  validateEmailSchema,
  validatePhoneSchema,
} from '../../../shared/onboarding.js';
import { appError } from '../../core/app-error.js';
import { callerOf } from '../../http/authenticate.js';
import { RETRY_AFTER_SECONDS, toErrorBody } from '../../http/error-handler.js';
import { readUploadedFile } from '../../http/multipart-file.js';
import { may, mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import { cleanFileName, menuTooLarge, prepareMenuFile } from './menu-file.js';
import type { OnboardingService } from './service.js';

/** Sign-ups per client address and hour: a restaurant's shared Wi-Fi (20+) passes, a script (100) does not. */
export const SIGNUPS_PER_HOUR = 30;
/** Checks and step-1 corrections per address and hour: several tries for each of those sign-ups. */
export const CHECKS_PER_HOUR = 300;
/** Multipart framing around the file: a body longer than the file limit plus this is refused before reading. */
const MULTIPART_OVERHEAD = 64 * 1024;

const perAddress = (name: string, max: number, code: 'too_many_signups' | 'too_many_checks') => ({
  max,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `onboarding-${name}:${request.ip}`,
  errorResponseBuilder: () => appError(code),
});

/**
 * The public wizard's calls (docs/product.md "Onboarding"): no login, the random process id is the only key.
 * Errors carry `error` besides `detail` (SPEC §8 shows "the server's error").
 */
export function onboardingPublicRoutes(service: OnboardingService) {
  return zodRoutes((r, app) => {
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = toErrorBody(error as Error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.code, status }, 'request rejected');
      if (status === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
      void reply.status(status).send({ ...body, error: body.detail });
    });
    const checkLimit = perAddress('checks', CHECKS_PER_HOUR, 'too_many_checks');

    r.post(
      '/api/onboarding/processes',
      {
        config: { public: true, noStore: true, rateLimit: perAddress('create', SIGNUPS_PER_HOUR, 'too_many_signups'), audit: 'recorded' },
        schema: { body: onboardingFormSchema, response: { 201: processCreatedSchema } },
      },
      async (request, reply) => reply.status(201).send({ process_id: await service.createProcess(request.body) }),
    );
    r.put(
      '/api/onboarding/processes/:id',
      {
        config: { public: true, noStore: true, rateLimit: checkLimit, audit: 'recorded' },
        schema: { params: processIdParamsSchema, body: onboardingFormSchema },
      },
      async (request, reply) => {
        await service.updateProcess(request.params.id, request.body);
        return reply.status(204).send();
      },
    );

    const checks: [CheckedField, z.ZodObject][] = [
      ['cnpj', validateCnpjSchema],
      ['email', validateEmailSchema],
      ['phone', validatePhoneSchema],
    ];
    for (const [field, body] of checks) {
      r.post(
        `/api/onboarding/processes/:id/validate-${field}`,
        {
          config: { public: true, noStore: true, rateLimit: checkLimit, audit: 'recorded' },
          schema: { params: processIdParamsSchema, body, response: { 200: checkResultSchema } },
        },
        async (request) => service.validateField(request.params.id, field, (request.body as Record<CheckedField, string>)[field]),
      );
    }

    r.post(
      '/api/onboarding/processes/:id/upload-menu',
      {
        config: {
          public: true,
          noStore: true,
          rateLimit: perAddress('upload', SIGNUPS_PER_HOUR * 2, 'too_many_signups'),
          writesFiles: true,
          audit: 'recorded',
        },
        schema: { params: processIdParamsSchema, response: { 201: menuUploadResultSchema } },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (Number(request.headers['content-length'] ?? 0) > MENU_MAX_BYTES + MULTIPART_OVERHEAD) throw menuTooLarge();
        if (!request.isMultipart())
          throw appError('unsupported_media_type', 'Envie o cardápio como multipart/form-data no campo "menu_file".');
        // 404 and 409 come before a single byte of the file is read.
        await service.assertReadyForMenu(id);
        // The limit is enforced while the stream is read: past 10,485,760 bytes it stops and answers 413.
        const part = await readUploadedFile(request, {
          field: 'menu_file',
          maxBytes: MENU_MAX_BYTES,
          tooLarge: menuTooLarge,
          missing: () =>
            appError('validation_error', 'Envie o cardápio no campo "menu_file".', { menu_file: 'Selecione o arquivo do cardápio.' }),
        });
        const file = await prepareMenuFile(part.bytes);
        const row = await service.submitMenu(id, file, cleanFileName(part.filename, file.extension));
        return reply.status(201).send({
          message: MENU_SENT,
          status: row.status,
          file_name: row.menuFileName ?? '',
          file_type: file.type,
          file_size: file.bytes.length,
        });
      },
    );
  });
}

const reviewParams = z.object({ id: z.string().max(100) });

/** The team's review of sign-ups (/onboarding/cadastros): admin only, by the access policy. */
export function onboardingReviewRoutes(service: OnboardingService) {
  return zodRoutes((r, app) => {
    r.get(
      '/api/onboarding/reviews',
      {
        config: may('onboardingReview', 'read'),
        schema: { querystring: reviewListQuerySchema, response: { 200: z.array(reviewSummarySchema) } },
      },
      async (request) => service.listReviews(callerOf(request), request.query),
    );
    r.get(
      '/api/onboarding/reviews/:id',
      {
        config: may('onboardingReview', 'read'),
        schema: { params: reviewParams, response: { 200: reviewDetailSchema } },
      },
      async (request) => service.getReview(callerOf(request), request.params.id),
    );
    r.get(
      '/api/onboarding/reviews/:id/menu-file',
      {
        config: may('onboardingReview', 'read'),
        schema: { params: reviewParams, querystring: z.object({ download: z.enum(['0', '1']).optional() }) },
      },
      async (request, reply) => {
        const file = await service.readMenuFile(callerOf(request), request.params.id);
        const disposition = request.query.download === '1' ? 'attachment' : 'inline';
        const ascii = file.name.replace(/[^\w.\- ]/g, '_');
        return (
          reply
            .type(file.type)
            .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
            // Opened in a tab, a PDF runs in a sandbox: no script of ours, no access to the admin's origin.
            .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
            .send(file.bytes)
        );
      },
    );
    r.post(
      '/api/onboarding/reviews/:id/approve',
      {
        config: mayWrite('onboardingReview', 'approve'),
        schema: { params: reviewParams, response: { 200: approvalSchema } },
      },
      async (request) => service.approve(callerOf(request), request.params.id, app.mailer.linkBase(request)),
    );
    r.post(
      '/api/onboarding/reviews/:id/reject',
      {
        config: mayWrite('onboardingReview', 'reject'),
        schema: { params: reviewParams, body: rejectSchema, response: { 200: reviewDetailSchema } },
      },
      async (request) => service.reject(callerOf(request), request.params.id, request.body.reason),
    );
  });
}
