/** /backoffice/payment-method's and /payment-method's answers (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { PAYMENT_KINDS } from '@/contracts/payment-method';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const paymentMethodSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PAYMENT_KINDS),
    platformId: z.string(),
    platformName: z.string(),
    platformEnabled: z.boolean(),
    enabled: z.boolean(),
    maxInstallments: z.number().int(),
    unpaidOrderCount: z.number().int().openapi({ description: 'Pedidos aguardando pagamento com este método.' }),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('PaymentMethod');

export const paymentMethodPageSchema = pageOf(paymentMethodSchema).openapi('PaymentMethodPage');

export const checkoutPaymentMethodSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PAYMENT_KINDS),
    maxInstallments: z.number().int(),
    publicKey: z.string().openapi({ description: 'A chave pública da plataforma (o cartão é tokenizado nela).' }),
  })
  .openapi('CheckoutPaymentMethod');

export const checkoutPaymentMethodPageSchema = pageOf(checkoutPaymentMethodSchema).openapi('CheckoutPaymentMethodPage');
