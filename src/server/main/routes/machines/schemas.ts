/** /machine's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { DEVICE_STATUSES } from '@/contracts/device';
import { pageOf, timestampSchema } from '../../../shared/openapi';
import { serviceSchema } from '../machine-models/schemas';

export const machineDeviceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    serialNumber: z.string(),
    status: z.enum(DEVICE_STATUSES),
    lastSeenAt: timestampSchema.nullable(),
  })
  .openapi('MachineDevice');

export const machineSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    serialNumber: z.string(),
    modelId: z.string(),
    modelName: z.string(),
    customerId: z.string().nullable().openapi({ description: 'null: em estoque.' }),
    customerName: z.string().nullable(),
    deviceId: z.string().nullable(),
    device: machineDeviceSchema.nullable().openapi({ description: 'O gateway instalado (nome e situação).' }),
    site: z.string(),
    lanSubnet: z.string().openapi({ description: 'CIDR IPv4, ou vazio: uma rede privada (RFC 1918) de /16 a /30.' }),
    tunnelSubnet: z.string().nullable().openapi({
      description:
        '"Endereço pelo túnel": a sub-rede do túnel da máquina, do mesmo tamanho da rede dela e única na plataforma (o gateway a mapeia 1:1 na rede da máquina); null sem rede.',
      example: '10.128.3.0/24',
    }),
    services: z.array(serviceSchema),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('Machine');

export const machinePageSchema = pageOf(machineSchema).openapi('MachinePage');

export const accessEntrySchema = z
  .object({
    id: z.string(),
    userName: z.string(),
    userEmail: z.string(),
    publicIp: z.string(),
    startedAt: timestampSchema,
    endedAt: timestampSchema.nullable().openapi({ description: 'null: ainda conectado.' }),
    durationSeconds: z.number().int().openapi({ description: 'Até agora, enquanto conectado.' }),
    bytesIn: z.number().int(),
    bytesOut: z.number().int(),
  })
  .openapi('MachineAccess');

export const accessPageSchema = pageOf(accessEntrySchema).openapi('MachineAccessPage');
