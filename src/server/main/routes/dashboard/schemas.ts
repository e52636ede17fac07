/** /dashboard's answers (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { timestampSchema } from '../../../shared/openapi';

export const dashboardSummarySchema = z
  .object({
    customers: z.number().int(),
    machineModels: z.number().int(),
    machines: z.number().int(),
    devices: z.object({
      total: z.number().int(),
      online: z.number().int(),
      offline: z.number().int(),
      neverConnected: z.number().int(),
    }),
    openOrders: z.number().int().openapi({ description: 'Pedidos que não estão entregues nem cancelados.' }),
  })
  .openapi('DashboardSummary');

export const dashboardConnectionsSchema = z
  .object({
    timeZone: z.string(),
    days: z.array(z.object({ date: z.string().openapi({ example: '2026-11-22' }), count: z.number().int() })),
    latest: z.array(
      z.object({
        id: z.string(),
        deviceId: z.string(),
        deviceName: z.string(),
        machineId: z.string().nullable(),
        machineName: z.string().nullable(),
        userName: z.string(),
        startedAt: timestampSchema,
        endedAt: timestampSchema.nullable(),
      }),
    ),
  })
  .openapi('DashboardConnections');

export const dashboardConnectionsQuery = z.object({
  tz: z.string().optional().openapi({ description: 'Fuso horário IANA dos dias (padrão America/Sao_Paulo).' }),
});
