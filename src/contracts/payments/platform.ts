/**
 * The payment platform, as the orders talk to it: Pix codes (BR Code "copia e cola") with the merchant's data,
 * boletos with their "linha digitável". Cards are tokenised and charged at the platform itself (the demo's:
 * demo-ledger.ts, served by src/server/pay): the card number never reaches the orders.
 *
 * The main Worker's orders (src/server/main/routes/orders) and the portal's payment screens share it: the merchant,
 * the bank and the timeline's texts are the same on both.
 */
import type { PaymentKind } from '@/contracts/commerce';
import { BOLETO_DUE_DAYS, PIX_VALIDITY_MS, type OrderActor } from '@/contracts/order';
import { buildBoleto } from '@/contracts/payments/boleto';
import { buildPixCode } from '@/contracts/payments/pix';
import { DAY_MS } from '@/contracts/validators/days';

/** Who confirms payments in an order's timeline. */
export const PAYMENT_PLATFORM_ACTOR: OrderActor = { kind: 'sistema', name: 'Plataforma de pagamento' };

/** The timeline's note when the platform confirms a payment. */
export const PAID_NOTES: Readonly<Record<PaymentKind, string>> = {
  pix: 'Pix recebido.',
  boleto: 'Boleto compensado.',
  'cartao-credito': 'Pagamento aprovado no cartão.',
};

/** How long after "Já paguei" the demo platform confirms a Pix or boleto payment. */
export const PAYMENT_CONFIRMATION_DELAY_MS = 5000;

/** The merchant the Pix codes pay: a random ("EVP") Pix key of Ponte IIoT. */
export const PIX_MERCHANT = {
  key: '7d9f0c2e-4b1a-4c8e-9f3d-2a6b5c1e8d40',
  merchantName: 'PONTE IIOT TECNOLOGIA',
  merchantCity: 'CAMPINAS',
} as const;

/** The bank that issues the boletos (Banco Cora, 403). */
export const BOLETO_BANK_CODE = '403';

/** A Pix charge for an order: the code and until when it may be paid. */
export function pixCharge(order: { number: number; total: number }, now: number): { pixCode: string; pixExpiresAt: number } {
  // Pix txids are up to 25 letters and digits; a new code for the same order gets a new one.
  const txid = `PONTE${order.number}${now.toString(36).toUpperCase()}`.replace(/[^0-9A-Z]/g, '').slice(0, 25);
  const pixCode = buildPixCode({
    key: PIX_MERCHANT.key,
    merchantName: PIX_MERCHANT.merchantName,
    merchantCity: PIX_MERCHANT.merchantCity,
    amountCents: order.total,
    txid,
    description: `Pedido ${order.number}`,
  });
  return { pixCode, pixExpiresAt: now + PIX_VALIDITY_MS };
}

/** A boleto for an order, due {@link BOLETO_DUE_DAYS} days after `issuedAt`. */
export function boletoCharge(
  order: { number: number; total: number },
  issuedAt: number,
): { boletoLine: string; boletoBarcode: string; boletoDueAt: number } {
  // The "campo livre" (25 digits): the order number as the bank's "nosso número", then the issue time.
  const freeField = `${String(order.number).padStart(11, '0')}${String(Math.floor(issuedAt / 1000) % 1e14).padStart(14, '0')}`;
  const dueDate = new Date(issuedAt + BOLETO_DUE_DAYS * DAY_MS);
  const boleto = buildBoleto({ bankCode: BOLETO_BANK_CODE, dueDate, amountCents: order.total, freeField });
  return { boletoLine: boleto.line, boletoBarcode: boleto.barcode, boletoDueAt: dueDate.getTime() };
}
