export * from './catalog.js';
export * from './establishments.js';
export * from './suppliers.js';
export * from './users.js';
export * from './wine-menus.js';
