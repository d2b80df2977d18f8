/** The sign-in module's only door: other modules and the app import from here. */

export { registerPasswordResetJobs } from './password-reset.js';
export { passwordRoutes } from './password-routes.js';
export { authRoutes } from './routes.js';
export { type AuthService, createAuthService, ensureInitialAdmin } from './service.js';
export { endSessionsOf, startSession } from './sessions.js';
export { createTokenSigner } from './tokens.js';
export { ensureTwoStepPolicy } from './two-step-policy.js';
export { twoStepRoutes } from './two-step-routes.js';
