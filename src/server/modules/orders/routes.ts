import { z } from 'zod';
import { idParamsSchema } from '../../../shared/id-params.js';
import {
  orderCreateSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderSchema,
  orderStatusChangeSchema,
} from '../../../shared/orders.js';
import { callerOf } from '../../http/authenticate.js';
import { sendList } from '../../http/record-routes.js';
import { may, mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { OrderService } from './service.js';

const read = may('orders', 'read');

export function orderRoutes(service: OrderService) {
  return zodRoutes((r, app) => {
    r.get(
      '/api/orders',
      { config: read, schema: { querystring: orderListQuerySchema, response: { 200: z.array(orderSchema) } } },
      async (request, reply) => sendList(reply, await service.listOrders(callerOf(request), request.query)),
    );
    r.post(
      '/api/orders',
      {
        config: mayWrite('orders', 'create'),
        schema: { body: orderCreateSchema, response: { 201: orderDetailSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createOrder(callerOf(request), request.body, app.mailer.linkBase(request))),
    );
    r.get('/api/orders/:id', { config: read, schema: { params: idParamsSchema, response: { 200: orderDetailSchema } } }, async (request) =>
      service.getOrder(callerOf(request), request.params.id),
    );
    // Which step the caller may take depends on the step and the order: the service checks it (403/409).
    r.patch(
      '/api/orders/:id/status',
      {
        config: { ...read, audit: 'recorded', keyScope: 'orders:write' },
        schema: { params: idParamsSchema, body: orderStatusChangeSchema, response: { 200: orderDetailSchema } },
      },
      async (request) => service.changeOrderStatus(callerOf(request), request.params.id, request.body.status, app.mailer.linkBase(request)),
    );
  });
}
