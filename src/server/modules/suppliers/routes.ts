import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/id-params.js';
import { SUPPLIERS_TOTAL_HEADER, supplierInputSchema, supplierListQuerySchema, supplierSchema } from '../../../shared/suppliers.js';
import { callerOf } from '../../http/authenticate.js';
import { may } from '../../http/route-policy.js';
import type { SupplierService } from './service.js';

export function supplierRoutes(service: SupplierService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/suppliers',
      { config: may('suppliers', 'read'), schema: { querystring: supplierListQuerySchema, response: { 200: z.array(supplierSchema) } } },
      async (request, reply) => {
        const { items, total } = await service.listSuppliers(callerOf(request), request.query);
        reply.header(SUPPLIERS_TOTAL_HEADER, String(total));
        return reply.send(items);
      },
    );
    r.post(
      '/api/suppliers',
      { config: may('suppliers', 'create'), schema: { body: supplierInputSchema, response: { 201: supplierSchema } } },
      async (request, reply) => reply.status(201).send(await service.createSupplier(callerOf(request), request.body)),
    );
    r.get(
      '/api/suppliers/:id',
      { config: may('suppliers', 'read'), schema: { params: idParamsSchema, response: { 200: supplierSchema } } },
      async (request) => service.getSupplier(callerOf(request), request.params.id),
    );
    r.put(
      '/api/suppliers/:id',
      {
        config: may('suppliers', 'update'),
        schema: { params: idParamsSchema, body: supplierInputSchema, response: { 200: supplierSchema } },
      },
      async (request) => service.updateSupplier(callerOf(request), request.params.id, request.body),
    );
    r.delete('/api/suppliers/:id', { config: may('suppliers', 'delete'), schema: { params: idParamsSchema } }, async (request, reply) => {
      await service.deleteSupplier(callerOf(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
