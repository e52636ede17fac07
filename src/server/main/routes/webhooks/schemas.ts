/** /webhook's answers (the inputs are the contract's `webhookCreateSchema` and `webhookUpdateSchema`). */
import { z } from '@hono/zod-openapi';
import { ALERT_EVENTS } from '@/contracts/alerts';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@/contracts/webhooks';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(ALERT_EVENTS)),
    enabled: z.boolean(),
    failingSince: timestampSchema.nullable().openapi({ description: 'Desde quando todas as entregas falham (null: a última foi entregue).' }),
    disabledAt: timestampSchema.nullable().openapi({ description: 'Quando 24 h de falhas o desativaram.' }),
    createdAt: timestampSchema,
    version: z.number().int(),
  })
  .openapi('WebhookEndpoint');

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z
      .string()
      .optional()
      .openapi({ description: 'O segredo de assinatura (`whsec_…`): só na resposta que o criou; a repetição da mesma criação não o traz.' }),
  })
  .openapi('WebhookEndpointWithSecret');

export const webhookEndpointListSchema = pageOf(webhookEndpointSchema);

export const webhookDeliverySchema = z
  .object({
    id: z.string().openapi({ description: 'O id do evento (`evt_…`, cabeçalho Ponte-Event-Id).' }),
    endpointId: z.string(),
    event: z.enum(WEBHOOK_EVENTS),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: timestampSchema,
    deliveredAt: timestampSchema.nullable(),
    nextAttemptAt: timestampSchema.nullable(),
  })
  .openapi('WebhookDelivery');

export const webhookDeliveryListSchema = pageOf(webhookDeliverySchema);

export const demoWebhookReceiptSchema = z.object({
  id: z.string(),
  eventId: z.string().nullable(),
  event: z.string().nullable(),
  signature: z.string().nullable(),
  signatureValid: z.boolean(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  receivedAt: timestampSchema,
});
