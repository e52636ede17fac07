/** /backoffice/assembler's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const assemblerSummarySchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    cnpj: z.string().openapi({ description: '14 caracteres, sem máscara.' }),
    email: z.string(),
    createdAt: timestampSchema,
  })
  .openapi('AssemblerSummary');

export const assemblerPageSchema = pageOf(assemblerSummarySchema).openapi('AssemblerPage');

export const assemblerProfileSchema = assemblerSummarySchema
  .extend({
    orderCount: z.number().int(),
    openOrderCount: z.number().int().openapi({ description: 'Pedidos nem entregues nem cancelados.' }),
    devices: z.object({
      online: z.number().int(),
      offline: z.number().int(),
      'never-connected': z.number().int(),
      total: z.number().int(),
    }),
  })
  .openapi('AssemblerProfile');

export const assemblerParams = z.object({
  uid: z.string().min(1).max(128).openapi({ param: { name: 'uid', in: 'path' } }),
});
