/** /backoffice/order's answers: the portal's order (orders/schemas.ts), its builder and what a cancel would withdraw. */
import { z } from '@hono/zod-openapi';
import { pageOf } from '../../../shared/openapi';
import { orderSchema } from '../orders/schemas';

export const orderAssemblerSchema = z
  .object({ uid: z.string(), name: z.string(), cnpj: z.string(), email: z.string() })
  .openapi('OrderAssembler');

export const backofficeOrderSchema = orderSchema
  .extend({
    assembler: orderAssemblerSchema,
    withdrawableDeviceCount: z.number().int().openapi({
      description: 'Gateways provisionados nunca conectados nem instalados: um cancelamento os retira.',
    }),
  })
  .openapi('BackofficeOrder');

export const backofficeOrderPageSchema = pageOf(backofficeOrderSchema).openapi('BackofficeOrderPage');

/** Documented only: the body is parsed in the handler, after the lifecycle check (as the demo does). */
export const statusChangeBodySchema = z
  .object({
    status: z.string().openapi({ example: 'enviado' }),
    trackingCode: z.string().optional().openapi({ description: 'Enviado: 2 letras, 9 dígitos, 2 letras.', example: 'BR123456789BR' }),
    reason: z.string().optional().openapi({ description: 'Cancelado: o motivo (até 500 caracteres).' }),
  })
  .openapi('OrderStatusChange');
