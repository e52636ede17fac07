/** /vpn-user's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { VPN_USER_STATUSES } from '@/contracts/vpn';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const vpnUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    enabled: z.boolean(),
    expiresAt: timestampSchema.nullable().openapi({ description: 'null: sem expiração.' }),
    machineIds: z.array(z.string()),
    createdAt: timestampSchema,
    version: z.number().int(),
    updatedAt: timestampSchema,
    status: z.enum(VPN_USER_STATUSES),
    vpnAddress: z.string().openapi({ description: 'Endereço do cliente na VPN (10.87.0.0/16).' }),
    machines: z.array(
      z.object({ id: z.string(), name: z.string(), serialNumber: z.string(), ownerName: z.string().nullable() }),
    ),
    ownerName: z.string().nullable(),
    lastHandshakeAt: timestampSchema.nullable().openapi({ description: 'Último handshake do cliente (null: nunca).' }),
  })
  .openapi('VpnUser');

export const vpnUserPageSchema = pageOf(vpnUserSchema).openapi('VpnUserPage');
