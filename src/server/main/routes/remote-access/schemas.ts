/** Remote access's answers, as the API sends them (times as `{ seconds, nanos }`; src/contracts/remote-access.ts). */
import { z } from '@hono/zod-openapi';
import { REMOTE_ACCESS_AWAITING, REMOTE_ACCESS_EVENT_KINDS, REMOTE_ACCESS_STATUSES } from '@/contracts/remote-access';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const remoteAccessPolicySchema = z
  .object({
    requireApproval: z.boolean().openapi({ description: '"Exigir aprovação de um Administrador" (pedidos de Técnico).' }),
    maxDurationHours: z.number().int().openapi({ description: '"Duração máxima": 1, 4, 8 ou 24 horas.' }),
    version: z.number().int(),
    updatedAt: timestampSchema.nullable().openapi({ description: 'null: nunca alterada (os padrões).' }),
  })
  .openapi('RemoteAccessPolicy');

const serviceSchema = z.object({ name: z.string(), protocol: z.string(), port: z.number().int() });

export const remoteAccessSessionSchema = z
  .object({
    id: z.string(),
    machineId: z.string(),
    machineName: z.string(),
    customerName: z.string().nullable(),
    deviceId: z.string(),
    requesterUid: z.string(),
    requesterName: z.string(),
    requesterEmail: z.string(),
    reason: z.string(),
    durationHours: z.number().int(),
    services: z.array(serviceSchema),
    status: z.enum(REMOTE_ACCESS_STATUSES),
    awaiting: z
      .enum(REMOTE_ACCESS_AWAITING)
      .nullable()
      .openapi({ description: '`pending`: de quem é a aprovação esperada — um Administrador (`admin`) ou a fábrica (`factory`, pelo link enviado ao e-mail do cliente).' }),
    lanSubnet: z.string().openapi({ description: 'A rede da máquina (fixada na aprovação: editar a máquina encerra a sessão).' }),
    tunnelSubnet: z.string().nullable().openapi({
      description: 'A sub-rede do túnel da máquina, fixada na aprovação: o que a sessão alcança (nas portas dos serviços escolhidos). null antes da aprovação.',
      example: '10.128.3.0/24',
    }),
    tunnelAddress: z.string().openapi({ description: 'O endereço do engenheiro na VPN (10.86.0.0/16), único entre as sessões abertas.' }),
    windowStartsAt: timestampSchema.nullable().openapi({ description: 'Quando o perfil foi gerado (a janela começa aí).' }),
    windowEndsAt: timestampSchema.nullable().openapi({ description: '"Acesso liberado até".' }),
    decidedByName: z.string().nullable(),
    decidedAt: timestampSchema.nullable(),
    refusalReason: z.string().nullable(),
    endedByName: z.string().nullable(),
    endedAt: timestampSchema.nullable(),
    endReason: z.string().nullable(),
    lastHandshakeAt: timestampSchema.nullable(),
    bytesIn: z.number().int().openapi({ description: 'Bytes recebidos do par do engenheiro (o nó informa).' }),
    bytesOut: z.number().int().openapi({ description: 'Bytes enviados ao par do engenheiro.' }),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('RemoteAccessSession');

export const remoteAccessSessionPageSchema = pageOf(remoteAccessSessionSchema).openapi('RemoteAccessSessionPage');

export const backofficeRemoteAccessSessionSchema = remoteAccessSessionSchema
  .extend({ ownerName: z.string().openapi({ description: 'A montadora dona da máquina.' }) })
  .openapi('BackofficeRemoteAccessSession');

export const backofficeRemoteAccessSessionPageSchema = pageOf(backofficeRemoteAccessSessionSchema).openapi('BackofficeRemoteAccessSessionPage');

export const remoteAccessRequestAnswerSchema = z
  .object({
    session: remoteAccessSessionSchema,
    replaced: z
      .object({ id: z.string(), status: z.enum(REMOTE_ACCESS_STATUSES) })
      .nullable()
      .openapi({ description: 'A janela aberta desta pessoa nesta máquina que a nova solicitação encerrou.' }),
    message: z.string().openapi({ description: 'O que aconteceu, em português (aprovado, aguardando, substituído).' }),
  })
  .openapi('RemoteAccessRequestAnswer');

export const remoteAccessProfileSchema = z
  .object({
    session: remoteAccessSessionSchema,
    tunnelSubnet: z.string().openapi({ description: 'A sub-rede do túnel fixada na aprovação: os endereços a abrir (cada endereço da rede da máquina no mesmo deslocamento).' }),
    lanSubnet: z.string().openapi({ description: 'A rede da máquina fixada na aprovação, que a sub-rede do túnel mapeia 1:1.' }),
    interface: z.object({ address: z.string().openapi({ description: 'Endereço no túnel, /32.' }) }),
    peer: z.object({
      publicKey: z.string().openapi({ description: 'Chave pública WireGuard do hub VPN do gateway da máquina (base64).' }),
      endpointHost: z.string().openapi({ description: 'O endpoint do hub.' }),
      endpointPort: z.number().int(),
      allowedIps: z.array(z.string()).openapi({ description: 'A sub-rede do túnel da máquina (fixada na aprovação); nunca 0.0.0.0/0.' }),
      persistentKeepalive: z.number().int(),
    }),
    services: z.array(serviceSchema),
    validUntil: timestampSchema,
    fileName: z.string(),
  })
  .openapi('RemoteAccessProfile');

export const remoteAccessEventSchema = z
  .object({
    id: z.string(),
    sessionId: z.string().openapi({ description: "'' em `factory-approval-changed` (a aprovação da fábrica de um cliente, sem sessão, máquina nem solicitante: o motivo diz o cliente)." }),
    kind: z.enum(REMOTE_ACCESS_EVENT_KINDS),
    machineId: z.string(),
    machineName: z.string(),
    requesterUid: z.string(),
    requesterName: z.string(),
    actorUid: z.string().nullable(),
    actorName: z.string().nullable().openapi({ description: 'null: o sistema (expiração, handshake do nó).' }),
    reason: z.string(),
    occurredAt: timestampSchema,
  })
  .openapi('RemoteAccessEvent');

export const remoteAccessEventPageSchema = pageOf(remoteAccessEventSchema).openapi('RemoteAccessEventPage');

/** The factory's approval page (public, by the e-mailed link): src/contracts/factory-approval.ts. */
export const factoryApprovalRequestSchema = z
  .object({
    builderName: z.string().openapi({ description: 'A montadora que pede o acesso.' }),
    requesterName: z.string().openapi({ description: 'O engenheiro que pediu.' }),
    machineName: z.string(),
    customerName: z.string(),
    reason: z.string(),
    durationHours: z.number().int().openapi({ description: 'A janela: 1, 4, 8 ou 24 horas a partir do perfil baixado.' }),
    services: z.array(serviceSchema),
    requestedAt: timestampSchema,
    expiresAt: timestampSchema.openapi({ description: 'O link vale até aqui (ou até a solicitação ser encerrada).' }),
  })
  .openapi('FactoryApprovalRequest');

export const factoryDecisionAnswerSchema = z
  .object({
    status: z.enum(['approved', 'refused']),
    message: z.string().openapi({ description: 'O que aconteceu, em português.' }),
  })
  .openapi('FactoryDecisionAnswer');
