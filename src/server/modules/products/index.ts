/**
 * The products module's only door: its routes and service, and what the spreadsheet import writes through it (rows
 * parsed by the API's own schema, inserted or updated in the import's transaction; categories matched or made).
 */

export { productRoutes } from './routes.js';
export {
  addImportedCategory,
  categoryIdsByFoldedName,
  createProductService,
  type ImportedProductRow,
  insertImportedProducts,
  linesWrittenByImport,
  type ProductService,
  productIdsBySku,
  skuKey,
  updateImportedProduct,
} from './service.js';
