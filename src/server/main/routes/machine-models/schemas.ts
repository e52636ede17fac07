/** /machine-model's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { SERVICE_PROTOCOL_IDS } from '@/contracts/machine-model';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const serviceSchema = z
  .object({ name: z.string(), protocol: z.enum(SERVICE_PROTOCOL_IDS), port: z.number().int() })
  .openapi('MachineService');

export const machineModelSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    manufacturer: z.string(),
    category: z.string(),
    description: z.string(),
    services: z.array(serviceSchema),
    machineCount: z.number().int().openapi({ description: 'Máquinas da conta deste modelo.' }),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('MachineModel');

export const machineModelPageSchema = pageOf(machineModelSchema).openapi('MachineModelPage');
