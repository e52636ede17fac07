/**
 * Payment method ("Métodos de Pagamento"): how a builder may pay an order — Pix, boleto or credit card — charged
 * through a payment platform. One contract for the back office's form, its API slice, the checkout's list of
 * methods and the demo backend.
 *
 * A method needs an enabled platform: it is created on one, and it can only be enabled while its platform is. Pix
 * and boleto are paid in one instalment; a card in up to 24. A method that orders awaiting payment still use can
 * be disabled (the checkout stops offering it) but not deleted.
 */
import { z } from 'zod';
import { defineListQuery, requiredText } from './common';
import { PAYMENT_KINDS, type PaymentKind } from './commerce';
import { optionalIntegerField } from './validators/numbers';

export { PAYMENT_KINDS, PAYMENT_KIND_LABELS, type PaymentKind } from './commerce';

export interface PaymentMethod {
  id: string;
  name: string;
  kind: PaymentKind;
  platformId: string;
  platformName: string;
  /** Whether its platform is enabled: the method can be enabled only then. */
  platformEnabled: boolean;
  enabled: boolean;
  /** 1 for Pix and boleto; 1–24 for a card. */
  maxInstallments: number;
  /** Orders awaiting payment with this method: while any, it can be disabled but not deleted. */
  unpaidOrderCount: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A method as the portal's checkout offers it (`GET /payment-method`): enabled, on an enabled platform. */
export interface CheckoutPaymentMethod {
  id: string;
  name: string;
  kind: PaymentKind;
  maxInstallments: number;
  /** The public key of the method's payment platform: the page tokenises a card there with it. */
  publicKey: string;
}

export const MAX_INSTALLMENTS = 24;
/** Kinds paid at once: their methods take exactly one instalment. */
export const SINGLE_INSTALLMENT_KINDS: readonly PaymentKind[] = ['pix', 'boleto'];

export function isPaymentKind(value: unknown): value is PaymentKind {
  return typeof value === 'string' && (PAYMENT_KINDS as readonly string[]).includes(value);
}

export function isSingleInstallmentKind(kind: unknown): boolean {
  return isPaymentKind(kind) && SINGLE_INSTALLMENT_KINDS.includes(kind);
}

export const PAYMENT_METHOD_MESSAGES = {
  name: 'Informe o nome.',
  kind: 'Escolha o tipo.',
  platform: 'Escolha a plataforma.',
  installments: `Informe de 1 a ${MAX_INSTALLMENTS} parcelas.`,
  singleInstallment: 'Pix e boleto são pagos em 1 parcela.',
  platformNotFound: 'Plataforma não encontrada.',
  notFound: 'Método de pagamento não encontrado.',
} as const;

export const paymentMethodInputSchema = z
  .object({
    name: requiredText(PAYMENT_METHOD_MESSAGES.name, 80),
    // The form starts with no kind chosen (''): the input is any text, the output a kind.
    kind: z
      .string({ error: PAYMENT_METHOD_MESSAGES.kind })
      .refine(isPaymentKind, { error: PAYMENT_METHOD_MESSAGES.kind })
      .transform((value) => value as PaymentKind),
    platformId: requiredText(PAYMENT_METHOD_MESSAGES.platform, 64),
    /** Blank: 1. */
    maxInstallments: optionalIntegerField({ min: 1, max: MAX_INSTALLMENTS, invalid: PAYMENT_METHOD_MESSAGES.installments, fallback: 1 }),
    enabled: z.boolean({ error: 'Valor inválido.' }).default(true),
  })
  .superRefine((value, ctx) => {
    if (isSingleInstallmentKind(value.kind) && value.maxInstallments !== 1) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_METHOD_MESSAGES.singleInstallment, path: ['maxInstallments'] });
    }
  });

/** What the form holds (instalments as typed). */
export type PaymentMethodFormValues = z.input<typeof paymentMethodInputSchema>;
/** What the API receives. */
export type PaymentMethodInput = z.output<typeof paymentMethodInputSchema>;

export const PAYMENT_METHOD_STATUSES = ['enabled', 'disabled'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];

export type PaymentMethodSortKey = 'name' | 'kind' | 'platform' | 'maxInstallments' | 'createdAt';

export const paymentMethodListQuery = defineListQuery<
  PaymentMethodSortKey,
  { status: PaymentMethodStatus; kind: PaymentKind; platform: string }
>({
  sortKeys: ['name', 'kind', 'platform', 'maxInstallments', 'createdAt'],
  defaultSort: 'name',
  filters: { status: PAYMENT_METHOD_STATUSES, kind: PAYMENT_KINDS, platform: 'any' },
});

export type PaymentMethodListQuery = ReturnType<typeof paymentMethodListQuery.parse>;

/** "3 parcelas", "1 parcela". */
export function installmentsLabel(n: number): string {
  return n === 1 ? '1 parcela' : `${n} parcelas`;
}

/** The 409 of enabling a method (or saving it enabled) while its platform is disabled. */
export function platformDisabledMessage(platformName: string): string {
  return `A plataforma ${platformName} está inativa: ative-a antes de ativar este método.`;
}

/** The 400 of creating a method on (or moving it to) a disabled platform. */
export function platformNotEnabledMessage(platformName: string): string {
  return `A plataforma ${platformName} está inativa. Escolha uma plataforma ativa.`;
}

/** The 409 of deleting a method that orders awaiting payment still use: names how many. */
export function methodHasUnpaidOrdersMessage(n: number): string {
  const orders = n === 1 ? '1 pedido aguardando pagamento o usa' : `${n} pedidos aguardando pagamento o usam`;
  return `Este método não pode ser excluído: ${orders}. Desative-o para que o checkout deixe de oferecê-lo.`;
}
