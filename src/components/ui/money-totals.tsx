import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatBRL } from '@/lib/money';

/** Amounts in integer centavos. */
export interface MoneyTotalsProps {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** The discount's row title ("Desconto", "Desconto por volume"). */
  discountLabel?: string;
  /** Under the discount's title: the rule it came from ("Lote de 10 gateways: 8%"). */
  discountNote?: ReactNode;
  className?: string;
}

const ROW = 'flex items-baseline justify-between gap-4';

/**
 * An order's money, the same everywhere (checkout, the portal's and the back office's order pages): Subtotal,
 * the discount (green and with a minus sign when there is one), Frete ("Grátis" when zero) and Total.
 */
export function MoneyTotals({ subtotal, discount, shipping, total, discountLabel = 'Desconto', discountNote, className }: MoneyTotalsProps) {
  return (
    <dl className={cn('space-y-1.5 text-sm', className)}>
      <div className={ROW}>
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="whitespace-nowrap tabular-nums text-slate-900">{formatBRL(subtotal)}</dd>
      </div>
      <div className={ROW}>
        <dt className="text-slate-600">
          {discountLabel}
          {discountNote ? <span className="block text-xs">{discountNote}</span> : null}
        </dt>
        <dd className={cn('whitespace-nowrap tabular-nums', discount > 0 ? 'text-green-800' : 'text-slate-900')}>
          {discount > 0 ? `− ${formatBRL(discount)}` : formatBRL(0)}
        </dd>
      </div>
      <div className={ROW}>
        <dt className="text-slate-600">Frete</dt>
        <dd className="tabular-nums text-slate-900">{shipping > 0 ? formatBRL(shipping) : 'Grátis'}</dd>
      </div>
      <div className={cn(ROW, 'border-t border-slate-200 pt-2 text-base')}>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="whitespace-nowrap font-semibold tabular-nums text-slate-900">{formatBRL(total)}</dd>
      </div>
    </dl>
  );
}
