/** The analytics module's only door: the app imports from here. */

/** Calendar periods in America/Sao_Paulo, shared with the menu insights. */
export { daysBetween, periodEndingOn } from './period.js';
export { analyticsRoutes } from './routes.js';
export { type AnalyticsService, createAnalyticsService } from './service.js';
