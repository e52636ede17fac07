/** /order's answers, as the API sends them (times as `{ seconds, nanos }`), and the webhook's. */
import { z } from '@hono/zod-openapi';
import { PRODUCT_KINDS } from '@/contracts/catalog';
import { ORDER_STATUSES, PAYMENT_KINDS } from '@/contracts/commerce';
import { DEVICE_STATUSES } from '@/contracts/device';
import { ORDER_ACTOR_KINDS } from '@/contracts/order';
import { pageOf, timestampSchema } from '../../../shared/openapi';

const orderItemSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  quantity: z.number().int(),
  unitPrice: z.number().int().openapi({ description: 'Centavos, como no pedido.' }),
});

const orderPaymentSchema = z.object({
  methodId: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  methodName: z.string(),
  installments: z.number().int(),
  installmentAmount: z.number().int(),
  pixCode: z.string().nullable().openapi({ description: 'BR Code "copia e cola", enquanto o pedido aguarda pagamento.' }),
  pixExpiresAt: timestampSchema.nullable(),
  boletoLine: z.string().nullable().openapi({ description: 'Linha digitável (47 dígitos), enquanto aguarda pagamento.' }),
  boletoDueAt: timestampSchema.nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  paidAt: timestampSchema.nullable(),
  confirmingSince: timestampSchema.nullable(),
});

export const orderSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    items: z.array(orderItemSchema),
    itemCount: z.number().int(),
    subtotal: z.number().int(),
    discount: z.number().int(),
    discountRule: z.object({ id: z.string(), name: z.string(), percent: z.number() }).nullable(),
    shipping: z.number().int(),
    total: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    addressId: z.string().nullable(),
    address: z.object({
      label: z.string(),
      cep: z.string(),
      street: z.string(),
      number: z.string(),
      complement: z.string(),
      district: z.string(),
      city: z.string(),
      uf: z.string(),
    }),
    payment: orderPaymentSchema,
    trackingCode: z.string().nullable(),
    cancelReason: z.string().nullable(),
    timeline: z.array(
      z.object({
        status: z.enum(ORDER_STATUSES),
        at: timestampSchema,
        actor: z.object({ kind: z.enum(ORDER_ACTOR_KINDS), name: z.string() }),
        note: z.string().nullable(),
      }),
    ),
    devices: z.array(
      z.object({ id: z.string(), name: z.string(), serialNumber: z.string(), setupCode: z.string(), status: z.enum(DEVICE_STATUSES) }),
    ),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('Order');

export const orderPageSchema = pageOf(orderSchema).openapi('OrderPage');

/** What the payment platform posts to /payment-webhook (signed: `X-Ponte-Signature: t=<unix>,sha256=<hex>`). */
export const paymentEventSchema = z
  .object({
    id: z.string().min(1).max(200),
    type: z.string().min(1).max(100),
    data: z
      .object({
        orderId: z.string().min(1).max(80),
        amount: z
          .number({ error: 'Informe o valor pago (amount, em centavos).' })
          .int({ error: 'O valor pago (amount) é em centavos inteiros.' })
          .nonnegative({ error: 'O valor pago (amount) é em centavos inteiros.' }),
        paidAt: z.number().int().positive().optional(),
      })
      .passthrough(),
  })
  .openapi('PaymentEvent');

export const paymentEventAnswerSchema = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean(),
    outcome: z.enum(['applied', 'ignored']),
    reason: z.string().nullable(),
  })
  .openapi('PaymentEventAnswer');
