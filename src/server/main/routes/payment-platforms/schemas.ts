/** /backoffice/payment-platform's answers (times as `{ seconds, nanos }`; the secret key never, only its last 4). */
import { z } from '@hono/zod-openapi';
import { PAYMENT_ENVIRONMENTS } from '@/contracts/payment-platform';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const paymentPlatformSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    provider: z.string(),
    environment: z.enum(PAYMENT_ENVIRONMENTS),
    publicKey: z.string(),
    hasSecretKey: z.boolean(),
    secretKeyLast4: z.string().nullable().openapi({ description: 'Os 4 últimos caracteres da chave secreta.' }),
    enabled: z.boolean(),
    methods: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean() })),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('PaymentPlatform');

export const paymentPlatformPageSchema = pageOf(paymentPlatformSchema).openapi('PaymentPlatformPage');
