/** GET /backoffice/dashboard's answer (src/contracts/backoffice-dashboard.ts; times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '@/contracts/commerce';
import { timestampSchema } from '../../../shared/openapi';

export const dashboardQuery = z.object({
  tz: z.string().optional().openapi({ description: 'Fuso horário IANA (padrão America/Sao_Paulo).', example: 'America/Sao_Paulo' }),
});

const count = z.number().int();

export const backofficeDashboardSchema = z
  .object({
    timeZone: z.string(),
    ordersByStatus: z.object(Object.fromEntries(ORDER_STATUSES.map((status) => [status, count])) as Record<(typeof ORDER_STATUSES)[number], typeof count>),
    revenue: z.object({
      month: z.string().openapi({ description: 'YYYY-MM (o mês corrente no fuso).' }),
      total: z.number().int().openapi({ description: 'Centavos.' }),
      orders: count,
    }),
    assemblers: count,
    gateways: z.object({ total: count, online: count }),
    vpnUsers: z.object({ active: count, expiringSoon: count }),
    ordersPerDay: z.array(z.object({ date: z.string(), count })),
    generatedAt: timestampSchema,
  })
  .openapi('BackofficeDashboard');
