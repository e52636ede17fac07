import type { Order, OrderAddress, OrderDiscountRule } from '@/contracts/order';
import { discountLabel } from '@/contracts/pricing';
import { maskCep } from '@/contracts/validators/fields';
import { formatBRL } from '@/lib/money';

/**
 * A boleto's "linha digitável" as printed: `AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV` (47 digits in
 * five fields). Anything that is not 47 digits is shown as it came.
 */
export function maskBoletoLine(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}

/** "3x de R$ 1.000,00" or "À vista". */
export function installmentsText(payment: Pick<Order['payment'], 'installments' | 'installmentAmount'>): string {
  return payment.installments > 1 ? `${payment.installments}x de ${formatBRL(payment.installmentAmount)}` : 'À vista';
}

/** "Lote de 20 gateways: 12%". */
export function discountRuleText(rule: OrderDiscountRule): string {
  return discountLabel(rule);
}

/** "30 itens" / "1 item". */
export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} itens`;
}

/** The address in three lines: street and number (complement), district and city/UF, CEP. */
export function addressLines(address: OrderAddress): string[] {
  return [
    `${address.street}, ${address.number}${address.complement ? ` — ${address.complement}` : ''}`,
    `${address.district} — ${address.city}/${address.uf}`,
    `CEP ${maskCep(address.cep)}`,
  ];
}
