/**
 * Reais in pt-BR: "R$ 1.234,56" (a no-break space after R$, "." between thousands, "," before the centavos),
 * the same text as `Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })`, without building an
 * `Intl` formatter: the first one built in a page loads the locale's data in a long task, which a price on the
 * first screen (the landing's plans, an order total) should not pay for.
 */
const NBSP = '\u00a0';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Amount in centavos (an integer) → "R$ 49,90". `wholeWithoutCents`: "R$ 49" when there are no centavos. */
export function formatBRL(cents: number, { wholeWithoutCents = false }: { wholeWithoutCents?: boolean } = {}): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Valor inválido: ${cents}`);
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const absolute = Math.abs(rounded);
  const reais = groupThousands(String(Math.floor(absolute / 100)));
  const centavos = String(absolute % 100).padStart(2, '0');
  const amount = wholeWithoutCents && centavos === '00' ? reais : `${reais},${centavos}`;
  return `${sign}R$${NBSP}${amount}`;
}
