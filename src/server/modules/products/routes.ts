import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import type { ProductService } from './service.js';

export function productRoutes(service: ProductService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const products = { area: 'products' } as const;
    const categories = { area: 'productCategories' } as const;

    r.get(
      '/api/products',
      {
        config: { policy: { ...products, action: 'read' } },
        schema: { querystring: productListQuerySchema, response: { 200: productListSchema } },
      },
      async (request) => service.listProducts(callerOf(request), request.query),
    );
    r.get(
      '/api/products/stats',
      { config: { policy: { ...products, action: 'read' } }, schema: { response: { 200: productStatsSchema } } },
      async (request) => service.productStats(callerOf(request)),
    );
    r.post(
      '/api/products',
      { config: { policy: { ...products, action: 'create' } }, schema: { body: productInputSchema, response: { 201: productSchema } } },
      async (request, reply) => reply.status(201).send(await service.createProduct(callerOf(request), request.body)),
    );
    r.put(
      '/api/products/:id',
      {
        config: { policy: { ...products, action: 'update' } },
        schema: { params, body: productInputSchema, response: { 200: productSchema } },
      },
      async (request) => service.updateProduct(callerOf(request), request.params.id, request.body),
    );
    r.delete('/api/products/:id', { config: { policy: { ...products, action: 'delete' } }, schema: { params } }, async (request, reply) => {
      await service.deleteProduct(callerOf(request), request.params.id);
      return reply.status(204).send();
    });

    r.get(
      '/api/products/categories',
      { config: { policy: { ...categories, action: 'read' } }, schema: { response: { 200: z.array(productCategorySchema) } } },
      async (request) => service.listCategories(callerOf(request)),
    );
    r.post(
      '/api/products/categories',
      {
        config: { policy: { ...categories, action: 'create' } },
        schema: { body: productCategoryInputSchema, response: { 201: productCategorySchema } },
      },
      async (request, reply) => reply.status(201).send(await service.createCategory(callerOf(request), request.body)),
    );
    r.put(
      '/api/products/categories/:id',
      {
        config: { policy: { ...categories, action: 'update' } },
        schema: { params, body: productCategoryInputSchema, response: { 200: productCategorySchema } },
      },
      async (request) => service.updateCategory(callerOf(request), request.params.id, request.body),
    );
  };
}
