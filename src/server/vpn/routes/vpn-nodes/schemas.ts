/** /vpn-node's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const vpnNodeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    deviceId: z.string(),
    vpnAddress: z.string(),
    online: z.boolean(),
    lastHandshakeAt: timestampSchema.nullable(),
    version: z.number().int(),
    updatedAt: timestampSchema,
    deviceSerialNumber: z.string(),
    routeCount: z.number().int(),
    hubId: z.string().nullable().openapi({ description: 'O hub do gateway (null: ainda sem hub).' }),
    hubName: z.string().nullable(),
    ownerName: z.string().nullable(),
  })
  .openapi('VpnNode');

export const vpnNodePageSchema = pageOf(vpnNodeSchema).openapi('VpnNodePage');

export const vpnNodeCredentialSchema = z
  .object({
    nodeId: z.string(),
    token: z.string().openapi({ description: 'Mostrado só agora: o servidor guarda apenas o hash (SHA-256).' }),
    issuedAt: timestampSchema,
  })
  .openapi('VpnNodeCredential');

export const vpnNodePeersSchema = z
  .object({
    node: z.object({ id: z.string(), vpnAddress: z.string() }),
    peers: z.array(
      z.object({
        kind: z.enum(['user', 'gateway', 'remote-access']),
        id: z.string(),
        publicKey: z.string().nullable().openapi({ description: 'Chave pública WireGuard (base64); null: ainda sem chave.' }),
        allowedIps: z.array(z.string()),
        destinations: z
          .array(z.object({ network: z.string(), protocol: z.enum(['tcp']), ports: z.array(z.number().int()) }))
          .optional()
          .openapi({ description: 'Acesso remoto: o único destino que o nó encaminha (a rede da máquina, as portas dos serviços escolhidos).' }),
        expiresAt: timestampSchema.optional().openapi({ description: 'Acesso remoto: o fim da janela (o par sai da lista então).' }),
      }),
    ),
    generatedAt: timestampSchema,
  })
  .openapi('VpnNodePeers');

export const nodeAuthHeaders = z.object({
  authorization: z.string().optional().openapi({ description: '`Node <credencial do nó>` (não um token Firebase).' }),
});
