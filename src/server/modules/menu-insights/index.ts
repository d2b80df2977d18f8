export { FLUSH_INTERVAL_MS } from './batched-counts.js';
export { isGuest, tableOf } from './countable.js';
export { createMenuEventCounter, type MenuEventCounter } from './event-counter.js';
export { countGuestActivity } from './guest-counting.js';
export { EVENTS_PER_MINUTE, menuEventRoutes, menuInsightsRoutes } from './routes.js';
export { registerSearchWordsRetention } from './search-words-retention.js';
export { createMenuInsightsService, type MenuInsightsService } from './service.js';
export { createMenuViewCounter, type MenuViewCounter } from './view-counter.js';
