/** The image uploads module's only door: the app imports from here. */

/** For other modules that take images (onboarding menus): the same pixel limit and the same bounded work queue. */
export { assertPixelBudget, MAX_INPUT_PIXELS } from './image-normalizer.js';
export { createWorkQueue } from './image-queue.js';
export { registerOrphanCleanup } from './orphan-cleanup.js';
export { uploadRoutes } from './routes.js';
