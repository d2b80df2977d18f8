import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { MENU_SCRIPT_CSP_HASH } from '../public-pages/menu-script.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer must never be stored by a browser or proxy even without a caller (the login answer holds a token). */
    noStore?: boolean;
  }
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The public menu's inline script (first paint, chips), by its hash: no 'unsafe-inline'.
        scriptSrc: ["'self'", MENU_SCRIPT_CSP_HASH],
        // Mantine writes its CSS variables into a <style> tag; public pages inline their CSS.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The onboarding review previews the uploaded PDF menu from a blob: URL the admin app made itself.
        frameSrc: ["'self'", 'blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Headers for browsers and plug-ins gone for years (IE8's downloads, Flash's policy files, the removed XSS
    // auditors): their bytes are worth more in the public menu's first TCP window (decision 0065).
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    // Wine images may live on other hosts; the admin loads them in <img>.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  registerNoStore(app);
}

/**
 * Every answer to an authenticated caller, and every route marked `noStore`, says `Cache-Control: no-store`: what
 * one user saw must not be replayed from a shared or back-button cache. Public pages and /uploads keep their own.
 */
function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.caller || request.routeOptions.config?.noStore) reply.header('Cache-Control', 'no-store');
  });
}
