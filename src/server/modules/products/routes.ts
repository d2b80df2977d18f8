import { z } from 'zod';
import { idParamsSchema as params } from '../../../shared/id-params.js';
import {
  productCategoryInputSchema,
  productCategorySchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  productStatsSchema,
} from '../../../shared/products.js';
import { callerOf } from '../../http/authenticate.js';
import { registerRecordRoutes } from '../../http/record-routes.js';
import { may, mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { ProductService } from './service.js';

export function productRoutes(service: ProductService) {
  return zodRoutes((r, app) => {
    r.get(
      '/api/products',
      {
        config: may('products', 'read'),
        schema: { querystring: productListQuerySchema, response: { 200: productListSchema } },
      },
      async (request) => service.listProducts(callerOf(request), request.query),
    );
    r.get('/api/products/stats', { config: may('products', 'read'), schema: { response: { 200: productStatsSchema } } }, async (request) =>
      service.productStats(callerOf(request)),
    );
    registerRecordRoutes(app, {
      path: '/api/products',
      area: 'products',
      item: productSchema,
      input: productInputSchema,
      create: service.createProduct,
      update: service.updateProduct,
      remove: service.deleteProduct,
    });

    r.get(
      '/api/products/categories',
      { config: may('productCategories', 'read'), schema: { response: { 200: z.array(productCategorySchema) } } },
      async (request) => service.listCategories(callerOf(request)),
    );
    r.post(
      '/api/products/categories',
      {
        config: mayWrite('productCategories', 'create'),
        schema: { body: productCategoryInputSchema, response: { 201: productCategorySchema } },
      },
      async (request, reply) => reply.status(201).send(await service.createCategory(callerOf(request), request.body)),
    );
    r.put(
      '/api/products/categories/:id',
      {
        config: mayWrite('productCategories', 'update'),
        schema: { params, body: productCategoryInputSchema, response: { 200: productCategorySchema } },
      },
      async (request) => service.updateCategory(callerOf(request), request.params.id, request.body),
    );
  });
}
