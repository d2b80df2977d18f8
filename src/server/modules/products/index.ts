/**
 * The products module's only door. Besides the routes and the service, the write rules the spreadsheet import
 * reuses: validateProductInput (one raw row -> normalised input or pt-BR field errors), productOwner (whose product
 * it is), toProductValues (column values), translateProductWriteError (SKU taken -> 409, missing category or
 * supplier -> 400), createCategory and categoriesByFoldedName (match or create a category by name).
 */

export { PRODUCT_SKU_KEY, type ProductValues } from './repository.js';
export { productRoutes } from './routes.js';
export {
  categoriesByFoldedName,
  createCategory,
  createProductService,
  type ProductInputCheck,
  type ProductService,
  productOwner,
  toProductDto,
  toProductValues,
  translateProductWriteError,
  validateProductInput,
} from './service.js';
