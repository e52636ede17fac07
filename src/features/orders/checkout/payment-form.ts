/**
 * The payment step's form: the method (one of those in force), the instalments (up to the method's maximum; 1 for
 * Pix and boleto) and, for a card, the card fields of the order contract (número, nome impresso, validade MM/AA,
 * código). Built from the methods on screen, so the form refuses what the server would, with the same messages.
 */
import { z } from 'zod';
import { maxInstallmentsMessage, ORDER_MESSAGES, orderCardSchema } from '@/contracts/order';
import type { CheckoutPaymentMethod } from '@/contracts/payment-method';

export type OrderCardInput = z.output<typeof orderCardSchema>;

export interface CardFormValues {
  number: string;
  holder: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardFormValues = { number: '', holder: '', expiry: '', cvc: '' };

export interface PaymentFormValues {
  paymentMethodId: string;
  /** As the select holds it ("3"). */
  installments: string;
  card: CardFormValues;
}

export interface PaymentStepOutput {
  paymentMethodId: string;
  installments: number;
  /** The card (digits, "MM/AA") for a card method; null otherwise. */
  card: OrderCardInput | null;
}

const text = z.string();

/** The form's schema for these methods (those `GET /payment-method` answers now). */
export function paymentFormSchema(methods: readonly CheckoutPaymentMethod[]) {
  const methodOf = (id: string) => methods.find((method) => method.id === id);
  return z
    .object({
      paymentMethodId: text,
      installments: text,
      card: z.object({ number: text, holder: text, expiry: text, cvc: text }),
    })
    .superRefine((values, ctx) => {
      const method = methodOf(values.paymentMethodId);
      if (!method) {
        ctx.addIssue({
          code: 'custom',
          path: ['paymentMethodId'],
          message: values.paymentMethodId ? ORDER_MESSAGES.paymentMethodDisabled : ORDER_MESSAGES.paymentMethod,
        });
        return;
      }
      if (method.kind !== 'cartao-credito') return;
      const installments = Number(values.installments);
      if (!/^\d{1,3}$/.test(values.installments.trim()) || installments < 1) {
        ctx.addIssue({ code: 'custom', path: ['installments'], message: ORDER_MESSAGES.installments });
      } else if (installments > Math.max(1, method.maxInstallments)) {
        ctx.addIssue({ code: 'custom', path: ['installments'], message: maxInstallmentsMessage(method.maxInstallments) });
      }
      const card = orderCardSchema.safeParse(values.card);
      if (!card.success) {
        for (const issue of card.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['card', ...issue.path], message: issue.message });
        }
      }
    })
    .transform((values): PaymentStepOutput => {
      const method = methodOf(values.paymentMethodId);
      if (method?.kind !== 'cartao-credito') return { paymentMethodId: values.paymentMethodId, installments: 1, card: null };
      return {
        paymentMethodId: values.paymentMethodId,
        installments: Number(values.installments),
        card: orderCardSchema.parse(values.card),
      };
    });
}
