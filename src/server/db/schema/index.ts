export * from './catalog.js';
export * from './establishments.js';
export * from './orders.js';
export * from './product-imports.js';
export * from './products.js';
export * from './suppliers.js';
export * from './users.js';
export * from './wine-menus.js';
