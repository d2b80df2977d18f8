/** The house cellar module's only door (issue 18): other modules and the app import from here. */
export { type DeliveredLine, type DeliveredOrder, fillCellarFromDelivery } from './deliveries.js';
export { cellarRoutes } from './routes.js';
export { type CellarSeedResult, SAMPLE_LAST_BOTTLE, SAMPLE_SOLD_OUT, seedSampleCellar } from './sample-cellar.js';
export {
  type CellarDeps,
  type CellarService,
  cellarCountsFor,
  cellarItemBelongsTo,
  createCellarService,
  recordMovement,
} from './service.js';
export type { TillBatchOutcome, WithinBatch } from './till-sales.js';
