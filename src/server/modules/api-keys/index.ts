/** API keys (issue 31): the "Integrações" screen's routes, and how a key becomes a caller. */
export { apiKeyRoutes } from './routes.js';
export { type ApiKeyService, createApiKeyService } from './service.js';
