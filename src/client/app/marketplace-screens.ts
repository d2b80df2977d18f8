// The suppliers and orders screens load together, as one lazy chunk: one import() (and one preload list in the
// login route's first download) for the whole marketplace area, and the pieces its screens share inlined once.
export { OrderFormPage } from '../features/orders/OrderFormPage';
export { OrderPage } from '../features/orders/OrderPage';
export { OrdersPage } from '../features/orders/OrdersPage';
export { SupplierFormPage } from '../features/suppliers/SupplierFormPage';
export { SuppliersPage } from '../features/suppliers/SuppliersPage';
