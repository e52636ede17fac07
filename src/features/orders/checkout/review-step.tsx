import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { addressName, cityLine, streetLine, type Address } from '@/contracts/address';
import { installmentAmount, PAYMENT_KIND_LABELS } from '@/contracts/order';
import type { CheckoutPaymentMethod } from '@/contracts/payment-method';
import { cardBrand, CARD_BRAND_LABELS, lastFour } from '@/contracts/validators/card';
import { Button } from '@/components/ui/button';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { portalPaths } from '@/config/paths';
import type { CheckoutStep } from './steps';
import type { OrderCardInput } from './payment-form';
import type { CartPreview, PreviewLine } from './price-preview';
import type { SubmitFailure } from './submit-outcome';
import { formatBRL } from '@/lib/money';
import { PriceTotals } from './order-summary';
import { methodRules } from './payment-step';
import { StepNotice } from './step-frame';

const LINE_COLUMNS: SimpleColumn<PreviewLine>[] = [
  {
    id: 'name',
    header: 'Produto',
    cell: (line) => (
      <span className="flex flex-col">
        <span>{line.product.name}</span>
        <span className="font-mono text-xs font-normal text-slate-600">{line.product.sku}</span>
      </span>
    ),
  },
  { id: 'quantity', header: 'Quantidade', className: 'text-right tabular-nums', cell: (line) => line.quantity },
  {
    id: 'unitPrice',
    header: 'Preço unitário',
    className: 'text-right tabular-nums whitespace-nowrap',
    cell: (line) => formatBRL(line.product.unitPrice),
  },
  { id: 'total', header: 'Total', className: 'text-right tabular-nums whitespace-nowrap', cell: (line) => formatBRL(line.total) },
];

function ReviewBlock({ title, change, onChange, children }: { title: string; change: string; onChange(): void; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <Button variant="link" size="sm" onClick={onChange}>
          {change}
        </Button>
      </div>
      {children}
    </section>
  );
}

/** What a failed "Finalizar pedido" left: said plainly, with "Tentar novamente" (the same order, never two). */
function FailureBanner({ failure, retrying, onRetry }: { failure: SubmitFailure; retrying: boolean; onRetry(): void }) {
  if (failure.kind !== 'not-placed' && failure.kind !== 'unknown') return null;
  const retry = (
    <Button variant="secondary" size="sm" className="mt-2" loading={retrying} onClick={onRetry}>
      Tentar novamente
    </Button>
  );
  if (failure.kind === 'unknown') {
    return (
      <StepNotice tone="warning">
        <p className="font-semibold">Ainda não sabemos se o pedido foi registrado.</p>
        <p>
          {failure.message} Tente novamente para conferir: se o pedido já tiver sido criado, mostramos ele; se não, ele é feito
          agora. Nunca em dobro.
        </p>
        {retry}
      </StepNotice>
    );
  }
  return (
    <StepNotice>
      <p className="font-semibold">O pedido não foi feito.</p>
      <p>
        {failure.message} {failure.reason === 'network' ? 'Verifique sua conexão. ' : ''}Seu carrinho continua aqui; tentar de
        novo nunca cria um pedido em dobro.
      </p>
      {retry}
    </StepNotice>
  );
}

export interface ReviewStepProps {
  preview: CartPreview;
  address: Address | null;
  method: CheckoutPaymentMethod | null;
  installments: number;
  card: OrderCardInput | null;
  submitting: boolean;
  failure: SubmitFailure | null;
  /** A request of this very cart may have made an order already (it will be answered, never made twice). */
  attempted: boolean;
  /** The cart changed after a request whose outcome is unknown: that one may have made an order. */
  afterUncertain: boolean;
  onEdit(step: CheckoutStep): void;
  onBack(): void;
  onPlace(): void;
}

/**
 * Step 4, "Revisão": the items, the address, the payment and the final price (the rules in force, read again when
 * the review opens), then "Finalizar pedido".
 */
export function ReviewStep({
  preview,
  address,
  method,
  installments,
  card,
  submitting,
  failure,
  attempted,
  afterUncertain,
  onEdit,
  onBack,
  onPlace,
}: ReviewStepProps) {
  const { price } = preview;
  const isCard = method?.kind === 'cartao-credito';
  const brand = card ? cardBrand(card.number) : null;
  return (
    <div className="space-y-5">
      {failure ? <FailureBanner failure={failure} retrying={submitting} onRetry={onPlace} /> : null}
      {!failure && attempted ? (
        <StepNotice tone="info">
          <p>
            Uma tentativa de finalizar este pedido ficou sem resposta. Finalize de novo para conferir: se ele já tiver sido criado,
            mostramos o pedido, sem duplicar.
          </p>
        </StepNotice>
      ) : null}
      {afterUncertain ? (
        <StepNotice tone="warning">
          <p>
            Uma tentativa anterior de finalizar, com outros itens ou outra forma de pagamento, ficou sem resposta e pode ter criado
            um pedido. Confira em{' '}
            <Link to={portalPaths.orders} className="font-medium underline underline-offset-2">
              Pedidos
            </Link>{' '}
            antes de finalizar este.
          </p>
        </StepNotice>
      ) : null}

      <ReviewBlock title="Itens" change="Alterar itens" onChange={() => onEdit('itens')}>
        <SimpleTable caption="Itens do pedido" columns={LINE_COLUMNS} rows={preview.lines} getRowId={(line) => line.product.id} />
      </ReviewBlock>

      <ReviewBlock title="Entrega" change="Alterar endereço" onChange={() => onEdit('entrega')}>
        {address ? (
          <address className="not-italic text-sm">
            <span className="block font-medium text-slate-900">{addressName(address)}</span>
            <span className="block text-slate-700">{streetLine(address)}</span>
            <span className="block text-slate-600">{cityLine(address)}</span>
          </address>
        ) : (
          <p className="text-sm text-red-700">Escolha o endereço de entrega.</p>
        )}
      </ReviewBlock>

      <ReviewBlock title="Pagamento" change="Alterar pagamento" onChange={() => onEdit('pagamento')}>
        {method ? (
          <div className="space-y-1 text-sm">
            <p className="font-medium text-slate-900">
              {method.name}
              {method.name === PAYMENT_KIND_LABELS[method.kind] ? null : (
                <span className="font-normal text-slate-600"> ({PAYMENT_KIND_LABELS[method.kind]})</span>
              )}
            </p>
            {isCard ? (
              <p className="text-slate-700">
                {installments > 1 ? `${installments}x de ${formatBRL(installmentAmount(price.total, installments))}` : 'À vista'}
                {card ? ` · ${brand && brand !== 'outra' ? CARD_BRAND_LABELS[brand] : 'Cartão'} final ${lastFour(card.number)}` : ''}
              </p>
            ) : null}
            <p className="text-slate-600">{methodRules(method)}</p>
          </div>
        ) : (
          <p className="text-sm text-red-700">Escolha a forma de pagamento.</p>
        )}
      </ReviewBlock>

      <section aria-label="Valores do pedido" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <PriceTotals preview={preview} announce />
      </section>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={submitting}>
          Voltar
        </Button>
        <div className="flex flex-col items-stretch gap-2 sm:items-end">
          <Button size="lg" onClick={onPlace} loading={submitting}>
            Finalizar pedido
          </Button>
          {submitting ? (
            <p role="status" className="text-sm text-slate-600">
              Enviando o pedido… não feche esta página.
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              {isCard
                ? `Ao finalizar, ${formatBRL(price.total)} são cobrados no cartão.`
                : `Ao finalizar, o pedido é criado e você recebe ${method?.kind === 'boleto' ? 'o boleto' : 'o código Pix'} para pagar ${formatBRL(price.total)}.`}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
