export { isCountableView, tableOf } from './countable.js';
export { createMenuViewCounter, FLUSH_INTERVAL_MS, type MenuViewCounter } from './view-counter.js';
