import { useId } from 'react';
import { discountLabel } from '@/contracts/pricing';
import { nextTierText, priceAnnouncement, type CartPreview } from './price-preview';
import { MoneyTotals } from '@/components/ui/money-totals';
import { formatBRL } from '@/lib/money';
import { cn } from '@/lib/cn';

/**
 * Subtotal, the volume discount in force (named: "Lote de 10 gateways: 8%"), shipping and total, with the next tier
 * worth reaching. `announce`: a polite live region says the new price whenever it changes (only one of the
 * summaries on screen announces).
 */
export function PriceTotals({ preview, announce = false, className }: { preview: CartPreview; announce?: boolean; className?: string }) {
  const { price } = preview;
  const next = nextTierText(price);
  return (
    <div className={cn('space-y-3', className)}>
      <MoneyTotals
        subtotal={price.subtotal}
        discount={price.discount}
        shipping={price.shipping}
        total={price.total}
        discountLabel="Desconto por volume"
        discountNote={price.rule ? discountLabel(price.rule) : 'Nenhum desconto aplicado'}
      />
      {next ? (
        <p className="rounded-md bg-accent-soft px-3 py-2 text-sm text-accent-strong">{next}</p>
      ) : null}
      {announce ? (
        <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
          {priceAnnouncement(price)}
        </p>
      ) : null}
    </div>
  );
}

/** "Resumo do pedido": the lines and the totals, beside the steps (below them on a phone). */
export function OrderSummary({ preview }: { preview: CartPreview }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-20">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Resumo do pedido
      </h2>
      {preview.lines.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nenhum produto ainda. Adicione gateways ou planos para ver o preço.</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {preview.lines.map((line) => (
            <li key={line.product.id} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 text-slate-700">
                <span className="tabular-nums">{line.quantity}</span> × {line.product.name}
              </span>
              <span className="shrink-0 tabular-nums text-slate-900">{formatBRL(line.total)}</span>
            </li>
          ))}
        </ul>
      )}
      <PriceTotals preview={preview} announce className="mt-4 border-t border-slate-200 pt-4" />
      <p className="mt-3 text-xs text-slate-600">
        O desconto por volume conta as unidades de gateways do pedido. O preço final é confirmado na revisão, com as regras em
        vigor.
      </p>
    </section>
  );
}
