/** /device's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { DEVICE_STATUSES } from '@/contracts/device';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const deviceSchema = z
  .object({
    id: z.string(),
    serialNumber: z.string(),
    setupCode: z.string().openapi({ description: '`PNT-XXXX-XXXX-XXXX`.' }),
    name: z.string(),
    hardwareModel: z.string(),
    firmware: z.string(),
    status: z.enum(DEVICE_STATUSES),
    lastSeenAt: timestampSchema.nullable(),
    vpnAddress: z.string().nullable(),
    machineId: z.string().nullable(),
    machineName: z.string().nullable(),
    orderId: z.string().nullable(),
    orderNumber: z.number().int().nullable(),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('Device');

export const devicePageSchema = pageOf(deviceSchema).openapi('DevicePage');

/** How many status changes GET /device/{id} answers. */
export const DEVICE_STATUS_HISTORY = 5;

/** The online/offline transitions the hub's reports and the offline sweep recorded (issue 34), newest first. */
export const deviceStatusEventSchema = z
  .object({ status: z.enum(['online', 'offline']), changedAt: timestampSchema })
  .openapi('DeviceStatusEvent');

/** GET /device/{id}: the device and its short status history ("Online desde" / "Offline desde"). */
export const deviceDetailSchema = deviceSchema
  .extend({
    statusHistory: z.array(deviceStatusEventSchema).openapi({
      description: `As últimas ${DEVICE_STATUS_HISTORY} mudanças de estado (online/offline), da mais recente; vazia enquanto nenhum hub relatou o gateway.`,
    }),
  })
  .openapi('DeviceDetail');

export const deviceSetupLookupSchema = z
  .object({ device: deviceSchema, ownedByYou: z.boolean() })
  .openapi('DeviceSetupLookup');

export const deviceConnectionSchema = z
  .object({
    id: z.string(),
    deviceId: z.string(),
    machineId: z.string().nullable(),
    userName: z.string(),
    userEmail: z.string(),
    startedAt: timestampSchema,
    endedAt: timestampSchema.nullable(),
    publicIp: z.string(),
    bytesIn: z.number().int(),
    bytesOut: z.number().int(),
    version: z.number().int(),
    updatedAt: timestampSchema,
  })
  .openapi('DeviceConnection');

export const deviceConnectionPageSchema = pageOf(deviceConnectionSchema).openapi('DeviceConnectionPage');

export const setupCodeParams = z.object({
  code: z.string().openapi({ param: { name: 'code', in: 'path' } }),
});

/** POST /auth-download's device: in the query (`?deviceId=`, the demo's form) or in a JSON body. */
export const downloadQuery = z.object({ deviceId: z.string().max(80).optional() });
export const downloadBody = z.object({ deviceId: z.string().max(80).optional() });
