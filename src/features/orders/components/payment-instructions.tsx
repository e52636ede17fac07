import { useId } from 'react';
import { orderLabel, type Order } from '@/contracts/order';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DetailSection } from '@/components/ui/detail-page';
import { QrCode } from '@/components/ui/qr-code';
import { useNow } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import { useConfirmPaymentMutation, useRenewPixCodeMutation } from '../api';
import { maskBoletoLine } from '../format';

function PixInstructions({ order, expired }: { order: Order; expired: boolean }) {
  const codeId = useId();
  const [renew, renewal] = useRenewPixCodeMutation();
  const { pixCode, pixExpiresAt } = order.payment;
  if (!pixCode) return null;
  if (expired) {
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Este código Pix expirou{pixExpiresAt ? ` em ${formatDateTime(pixExpiresAt)}` : ''}. Gere um novo código para
          pagar.
        </p>
        <Button
          loading={renewal.isLoading}
          onClick={() => {
            renew(order.id)
              .unwrap()
              .then(() => toast.success('Novo código Pix gerado.'))
              .catch((error: unknown) => toast.error(apiErrorMessage(error)));
          }}
        >
          Gerar novo código Pix
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <div className="mx-auto shrink-0 rounded-md border border-slate-200 bg-white p-2 sm:mx-0">
        <QrCode value={pixCode} label={`QR code Pix do pedido ${orderLabel(order)}`} size={184} />
      </div>
      <div className="min-w-0 flex-1 space-y-3">
        <p className="text-sm text-slate-700">
          No app do seu banco, escolha pagar com Pix e leia o QR code, ou use o Pix <strong>copia e cola</strong>.
        </p>
        <div>
          <label htmlFor={codeId} className="mb-1.5 block text-sm font-medium text-slate-800">
            Código Pix copia e cola
          </label>
          <textarea
            id={codeId}
            readOnly
            rows={3}
            value={pixCode}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full resize-none break-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 focus:outline-none focus:ring-2 focus:ring-accent-ring"
          />
        </div>
        <CopyButton value={pixCode} label="Copiar código Pix" copiedMessage="Código Pix copiado." />
        {pixExpiresAt ? <p className="text-sm text-slate-600">Válido até {formatDateTime(pixExpiresAt)}.</p> : null}
      </div>
    </div>
  );
}

function BoletoInstructions({ order }: { order: Order }) {
  const { boletoLine, boletoDueAt } = order.payment;
  if (!boletoLine) return null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">Pague no app ou internet banking do seu banco com a linha digitável:</p>
      <div>
        <p className="text-sm font-medium text-slate-800">Linha digitável</p>
        <p className="mt-1 break-words rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900">
          {maskBoletoLine(boletoLine)}
        </p>
      </div>
      <CopyButton value={boletoLine} label="Copiar linha digitável" copiedMessage="Linha digitável copiada." />
      {boletoDueAt ? (
        <p className="text-sm text-slate-600">
          Vencimento: <strong className="font-semibold text-slate-900">{formatDate(boletoDueAt)}</strong>. A compensação pode
          levar até 3 dias úteis.
        </p>
      ) : null}
    </div>
  );
}

/**
 * How to pay an order that awaits payment (Pix: QR code and "copia e cola"; boleto: the line and its due date),
 * and "Já paguei": then "Confirmando pagamento…" while the platform confirms (the page polls meanwhile).
 */
export function PaymentInstructions({ order }: { order: Order }) {
  const now = useNow(15_000);
  const [confirm, confirmation] = useConfirmPaymentMutation();
  const { payment } = order;
  if (order.status !== 'aguardando-pagamento' || payment.kind === 'cartao-credito') return null;
  const confirming = payment.confirmingSince !== null;
  const expired = payment.kind === 'pix' && payment.pixExpiresAt !== null && payment.pixExpiresAt.getTime() < now;

  return (
    <DetailSection title={payment.kind === 'pix' ? 'Pague com Pix' : 'Pague com boleto'}>
      <div className="space-y-5">
        <p className="text-sm text-slate-700">
          Valor: <strong className="text-base font-semibold text-slate-900">{formatBRL(order.total)}</strong>
        </p>
        {confirming ? null : payment.kind === 'pix' ? <PixInstructions order={order} expired={expired} /> : <BoletoInstructions order={order} />}
        {confirming ? (
          <div role="status" className="flex items-center gap-3 rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
            <Spinner />
            <span>
              <strong className="font-semibold">Confirmando pagamento…</strong> A plataforma de pagamento costuma confirmar em
              alguns segundos; esta página se atualiza sozinha.
            </span>
          </div>
        ) : expired ? null : (
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
            <Button
              loading={confirmation.isLoading}
              onClick={() => {
                confirm(order.id)
                  .unwrap()
                  .catch((error: unknown) => toast.error(apiErrorMessage(error)));
              }}
            >
              Já paguei
            </Button>
            <p className="text-sm text-slate-600">Depois de pagar, avise: conferimos com o banco e liberamos seus gateways.</p>
          </div>
        )}
      </div>
    </DetailSection>
  );
}
