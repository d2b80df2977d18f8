/** The account module's only door: the signed-in person's own profile and choices (/conta). */

export { accountRoutes } from './routes.js';
export { type AccountService, createAccountService } from './service.js';
