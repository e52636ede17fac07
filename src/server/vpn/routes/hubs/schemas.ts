/** /hub's bodies and answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { DEFAULT_HUB_PORT } from '@/contracts/hub';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const HUB_NAME_MESSAGE = 'Informe o nome do hub (até 80 caracteres).';
export const HUB_REGION_MESSAGE = 'Informe a região do hub (até 40 caracteres).';
export const HUB_HOST_MESSAGE = 'Informe o endereço do hub: um nome (vpn1.exemplo.com.br) ou um endereço IPv4.';
export const HUB_PORT_MESSAGE = 'A porta do hub deve ser um número inteiro entre 1 e 65535.';
export const HUB_DUPLICATE_NAME = 'Já existe um hub com este nome.';
export const HUB_DEVICE_MESSAGE = 'Informe o gateway a mover.';
export const GATEWAY_NOT_FOUND = 'Gateway não encontrado.';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** A hub's endpoint host: an IPv4 address or a DNS name (no scheme, no port). */
export function isHubHost(value: string): boolean {
  if (/^[\d.]+$/.test(value)) return IPV4.test(value);
  return HOSTNAME.test(value);
}

const name = z.string({ error: HUB_NAME_MESSAGE }).trim().min(1, { error: HUB_NAME_MESSAGE }).max(80, { error: HUB_NAME_MESSAGE });
const region = z.string({ error: HUB_REGION_MESSAGE }).trim().min(1, { error: HUB_REGION_MESSAGE }).max(40, { error: HUB_REGION_MESSAGE });
const endpointHost = z.string({ error: HUB_HOST_MESSAGE }).trim().refine(isHubHost, { error: HUB_HOST_MESSAGE });
const endpointPort = z
  .number({ error: HUB_PORT_MESSAGE })
  .int({ error: HUB_PORT_MESSAGE })
  .min(1, { error: HUB_PORT_MESSAGE })
  .max(65535, { error: HUB_PORT_MESSAGE });

export const hubInputSchema = z
  .object({ name, region, endpointHost, endpointPort: endpointPort.default(DEFAULT_HUB_PORT) })
  .openapi('HubInput');
export type HubInput = z.infer<typeof hubInputSchema>;

/** PATCH: any of the fields (`version` may stand for If-Match). */
export const hubPatchSchema = z
  .object({
    name: name.optional(),
    region: region.optional(),
    endpointHost: endpointHost.optional(),
    endpointPort: endpointPort.optional(),
    version: z.number().int().optional(),
  })
  .openapi('HubPatch');

export const hubSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    region: z.string(),
    endpointHost: z.string(),
    endpointPort: z.number().int(),
    publicKey: z.string().nullable().openapi({ description: 'Chave pública WireGuard do hub (null: ainda não se registrou).' }),
    online: z.boolean().openapi({ description: 'O hub relatou nos últimos 90 s.' }),
    lastReportAt: timestampSchema.nullable(),
    appliedVersion: z.string().nullable(),
    health: z
      .object({ ok: z.boolean(), message: z.string().optional(), implementation: z.string(), startedAt: timestampSchema })
      .nullable(),
    peerCount: z.number().int(),
    gatewayCount: z.number().int(),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('Hub');

/** Every hub (there are few): one page of all of them. */
export const hubListSchema = pageOf(hubSchema).openapi('HubList');

export const hubCredentialSchema = z
  .object({
    hubId: z.string(),
    token: z.string().openapi({ description: 'Mostrado só agora: o servidor guarda apenas o hash (SHA-256).' }),
    issuedAt: timestampSchema,
  })
  .openapi('HubCredential');

export const hubGatewayMoveSchema = z
  .object({ deviceId: z.string({ error: HUB_DEVICE_MESSAGE }).min(1, { error: HUB_DEVICE_MESSAGE }).max(80, { error: HUB_DEVICE_MESSAGE }) })
  .openapi('HubGatewayMove');

export const hubGatewayMovedSchema = z
  .object({
    deviceId: z.string(),
    hubId: z.string(),
    previousHubId: z.string().nullable(),
    message: z.string().openapi({ description: 'O que fazer agora (baixar a nova configuração do gateway), em português.' }),
  })
  .openapi('HubGatewayMoved');

export const hubAuthHeaders = z.object({
  authorization: z.string().optional().openapi({ description: '`Hub <credencial do hub>` (não um token Firebase).' }),
});

const peer = z.object({
  kind: z.enum(['gateway', 'user', 'session']),
  id: z.string(),
  publicKey: z.string(),
  allowedIps: z.array(z.string()),
  reach: z
    .union([z.array(z.string()), z.object({ network: z.string(), tcp: z.array(z.number().int()), udp: z.array(z.number().int()) })])
    .optional(),
  expiresAt: z.number().int().nullable().optional(),
});

/** The contract's HubDesiredState (src/contracts/hub.ts), documented (times here are ms, as the hub reads them). */
export const hubStateSchema = z
  .object({
    hub: z.object({ id: z.string(), address: z.string(), listenPort: z.number().int(), networks: z.array(z.string()) }),
    version: z.string(),
    generatedAt: z.number().int(),
    peers: z.array(peer),
  })
  .openapi('HubDesiredState');

export const hubReportAnswerSchema = z
  .object({
    gateways: z.number().int().openapi({ description: 'Gateways do hub atualizados (visto por último, online ou offline).' }),
    sessions: z.number().int().openapi({ description: 'Sessões de acesso remoto atualizadas.' }),
    users: z.number().int().openapi({ description: 'Usuários VPN atualizados.' }),
  })
  .openapi('HubReportAnswer');
