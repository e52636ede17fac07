/** /vpn-route's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const vpnRouteSchema = z
  .object({
    id: z.string(),
    nodeId: z.string(),
    network: z.string().openapi({ description: 'CIDR IPv4 normalizado (sem bits de host).' }),
    description: z.string(),
    enabled: z.boolean(),
    version: z.number().int(),
    updatedAt: timestampSchema,
    nodeName: z.string(),
  })
  .openapi('VpnRoute');

export const vpnRoutePageSchema = pageOf(vpnRouteSchema).openapi('VpnRoutePage');
