/** The orders module's only door: other modules and the app import from here. */
export { orderRoutes } from './routes.js';
export { type MarketplaceSeedResult, seedSampleMarketplace } from './sample-marketplace.js';
export { createOrderService, type OrderService } from './service.js';
