import { Link } from 'react-router-dom';
import { WEBHOOK_EVENT_LABELS } from '@/contracts/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PlugIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { getEnv } from '@/config/env';
import { portalPaths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/dates';
import { useListDemoWebhookReceiptsQuery } from '../api';

/** The event's pt-BR label (the `Ponte-Event` header as it came when it is not one of Ponte's). */
function eventLabel(event: string | null): string {
  if (!event) return 'Sem evento';
  return (WEBHOOK_EVENT_LABELS as Record<string, string | undefined>)[event] ?? event;
}

/** Pretty JSON when the body is JSON, else as it came. */
function bodyText(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * "Webhooks recebidos (demonstração)" (demo mode only): what the demo's own receiver got for the account — each
 * delivery's event, id, time, whether its signature is valid for the webhook's secret, its headers and body.
 */
export default function DemoWebhooksScreen() {
  const title = usePageTitle() || 'Webhooks recebidos (demonstração)';
  const demo = getEnv().demo;
  const receipts = useListDemoWebhookReceiptsQuery(undefined, { skip: !demo });

  let body;
  if (!demo) {
    body = <p className="text-sm text-slate-700">Esta página existe só no modo demonstração.</p>;
  } else if (receipts.data) {
    body =
      receipts.data.data.length === 0 ? (
        <EmptyState
          icon={<PlugIcon />}
          title="Nada recebido ainda"
          description='Use "Enviar teste" no webhook de exemplo, ou simule um gateway offline, e a entrega aparece aqui.'
        />
      ) : (
        <ol className="space-y-4" aria-label="Entregas recebidas">
          {receipts.data.data.map((receipt) => (
            <li key={receipt.id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{eventLabel(receipt.event)}</span>
                <Badge tone={receipt.signatureValid ? 'success' : 'danger'}>
                  {receipt.signatureValid ? 'assinatura válida' : 'assinatura inválida'}
                </Badge>
                <span className="text-sm text-slate-600">{formatDateTime(receipt.receivedAt)}</span>
              </div>
              <p className="break-all font-mono text-xs text-slate-600">{receipt.eventId ?? '—'}</p>
              <details>
                <summary className="cursor-pointer text-sm text-slate-700">Cabeçalhos</summary>
                <dl className="mt-2 grid gap-1 text-xs">
                  {Object.entries(receipt.headers).map(([name, value]) => (
                    <div key={name} className="flex flex-col sm:flex-row sm:gap-2">
                      <dt className="font-mono text-slate-600">{name}</dt>
                      <dd className="break-all font-mono text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
              </details>
              <pre className="max-h-64 overflow-auto rounded-md bg-slate-50 p-3 text-xs text-slate-900" tabIndex={0} aria-label="Corpo recebido">
                {bodyText(receipt.body)}
              </pre>
            </li>
          ))}
        </ol>
      );
  } else if (receipts.error) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>Não foi possível carregar o que o receptor recebeu. {apiErrorMessage(receipts.error)}</p>
        <Button variant="secondary" size="sm" loading={receipts.isFetching} onClick={() => void receipts.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  } else {
    body = (
      <div aria-busy="true" className="space-y-3">
        <p role="status" className="sr-only">
          Carregando…
        </p>
        <Skeleton className="h-24" />
      </div>
    );
  }

  return (
    <section className="max-w-4xl">
      <PageHeader
        title={title}
        subtitle="O receptor da própria demonstração: o que o webhook de exemplo entregou, e se a assinatura confere com o segredo."
        actionsNeed="none"
        actions={
          <>
            <Button variant="secondary" loading={receipts.isFetching} disabled={!demo} onClick={() => void receipts.refetch()}>
              Atualizar
            </Button>
            <Link to={portalPaths.webhooks} className={buttonClasses('secondary')}>
              Voltar aos webhooks
            </Link>
          </>
        }
      />
      {body}
    </section>
  );
}
