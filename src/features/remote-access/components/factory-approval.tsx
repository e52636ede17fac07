/**
 * The factory's approval page's body (issue 25, item 4; the link e-mailed to the customer, no sign-in): who asks —
 * the builder and its engineer —, for which machine, why, for how long and which services, with "Autorizar acesso"
 * and "Recusar" (the reason asked in a dialog). After the decision it says what happened; a link that no longer
 * works (used, expired, request ended or refused) says why.
 */
import { useState } from 'react';
import { FACTORY_APPROVAL_MESSAGES, factoryDecisionSchema, type FactoryDecisionAnswer } from '@/contracts/factory-approval';
import { durationLabel } from '@/contracts/remote-access';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/dates';
import { useDecideFactoryApprovalMutation, useGetFactoryApprovalQuery, type FactoryApprovalView } from '../factory-approval-api';

function Notice({ tone, title, children }: { tone: 'success' | 'danger' | 'info'; title: string; children: React.ReactNode }) {
  const classes = {
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    danger: 'border-red-200 bg-red-50 text-red-900',
    info: 'border-slate-200 bg-slate-50 text-slate-900',
  }[tone];
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={`rounded-md border p-4 text-sm ${classes}`}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{children}</p>
    </div>
  );
}

function Details({ request }: { request: FactoryApprovalView }) {
  const rows: [string, React.ReactNode][] = [
    ['Montadora', request.builderName],
    ['Engenheiro', request.requesterName],
    ['Máquina', request.machineName],
    ['Cliente', request.customerName],
    ['Motivo', <span className="whitespace-pre-line">{request.reason}</span>],
    ['Janela', `${durationLabel(request.durationHours)}, a partir do momento em que o engenheiro baixar o perfil de acesso`],
    ['Serviços', request.services.map((service) => `${service.name} (porta ${service.port})`).join(', ') || '—'],
    ['Pedido em', formatDateTime(request.requestedAt)],
  ];
  return (
    <dl className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
      {rows.map(([term, description]) => (
        <div key={term} className="grid gap-1 px-3 py-2 sm:grid-cols-3 sm:gap-3">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="min-w-0 break-words text-slate-900 sm:col-span-2">{description}</dd>
        </div>
      ))}
    </dl>
  );
}

function Decide({ token, request, onDecided }: { token: string; request: FactoryApprovalView; onDecided(answer: FactoryDecisionAnswer): void }) {
  const [decide, { isLoading }] = useDecideFactoryApprovalMutation();
  const [refusing, setRefusing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const approve = async () => {
    setFailure(null);
    try {
      onDecided(await decide({ token, input: { decision: 'approve', reason: '' } }).unwrap());
    } catch (error) {
      setFailure(apiErrorMessage(error));
    }
  };

  return (
    <div className="space-y-4">
      <Details request={request} />
      <p className="text-xs text-slate-600">
        Este link vale uma vez, até {formatDateTime(request.expiresAt)}. O acesso alcança só a rede desta máquina, pelos serviços acima.
      </p>
      {failure ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button className="sm:flex-1" loading={isLoading && !refusing} disabled={isLoading} onClick={() => void approve()}>
          Autorizar acesso
        </Button>
        <Button variant="secondary" className="sm:flex-1" disabled={isLoading} onClick={() => setRefusing(true)}>
          Recusar
        </Button>
      </div>
      <ReasonDialog
        open={refusing}
        onOpenChange={setRefusing}
        title="Recusar o acesso?"
        description={`${request.requesterName} (${request.builderName}) não poderá acessar ${request.machineName}. O motivo aparece para a montadora.`}
        label="Motivo da recusa"
        confirmLabel="Recusar"
        validate={(reason) => {
          const parsed = factoryDecisionSchema.safeParse({ decision: 'refuse', reason });
          return parsed.success ? { reason: parsed.data.reason } : { error: parsed.error.issues[0]?.message ?? 'Informe o motivo da recusa.' };
        }}
        run={async (reason) => {
          onDecided(await decide({ token, input: { decision: 'refuse', reason } }).unwrap());
        }}
        // No toast: the page's notice says it (role status), in place of the buttons.
        pending={isLoading}
      />
    </div>
  );
}

/** `/aprovacao-acesso/:token`: the request, the decision, or why the link no longer works. */
export function FactoryApproval({ token }: { token: string }) {
  const query = useGetFactoryApprovalQuery(token);
  const [answer, setAnswer] = useState<FactoryDecisionAnswer | null>(null);

  if (answer) {
    return answer.status === 'approved' ? (
      <Notice tone="success" title="Acesso autorizado">
        {answer.message}
      </Notice>
    ) : (
      <Notice tone="info" title="Acesso recusado">
        {answer.message}
      </Notice>
    );
  }
  if (query.data) return <Decide token={token} request={query.data} onDecided={setAnswer} />;
  if (query.error) {
    const status = apiErrorStatus(query.error);
    if (status === 404 || status === 410) {
      return (
        <Notice tone="danger" title="Link indisponível">
          {status === 404 ? FACTORY_APPROVAL_MESSAGES.notFound : apiErrorMessage(query.error)} Se ainda for preciso, peça à montadora uma nova
          solicitação.
        </Notice>
      );
    }
    return (
      <div className="space-y-4">
        <Notice tone="danger" title="Não foi possível carregar o pedido de acesso">
          {apiErrorMessage(query.error)}
        </Notice>
        <Button variant="secondary" className="w-full" loading={query.isFetching} onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  return (
    <div aria-busy="true" className="space-y-3">
      <p role="status" className="sr-only">
        Carregando o pedido de acesso…
      </p>
      <Skeleton className="h-40" />
      <Skeleton className="h-10" />
    </div>
  );
}
