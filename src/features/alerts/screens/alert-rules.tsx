import { useMemo } from 'react';
import { ALERT_EVENTS, defaultAlertRule, type AlertRule } from '@/contracts/alerts';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccess } from '@/entities/access/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { useListAlertRulesQuery } from '../api';
import { AlertRuleCard } from '../components/alert-rule-card';
import { alertRulesLockMessage } from '../rule-form';

/** Every event's rule in the screen's order; an event the answer leaves out shows its defaults. */
function rulesInOrder(rules: readonly AlertRule[]): AlertRule[] {
  return ALERT_EVENTS.map((event) => rules.find((rule) => rule.event === event) ?? defaultAlertRule(event));
}

function RulesLoading() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p role="status" className="sr-only">
        Carregando as regras de alerta…
      </p>
      {[0, 1, 2].map((key) => (
        <div key={key} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ))}
    </div>
  );
}

/**
 * Configurações → "Alertas" (issue 37): one card per event, in ALERT_EVENTS' order, each saved on its own. Every role
 * reads the rules; only an Administrador changes them — the others see them disabled, and why.
 */
export default function AlertRulesScreen() {
  const title = usePageTitle() || 'Alertas';
  const access = useAccess();
  const rules = useListAlertRulesQuery();
  const lock = access.data ? alertRulesLockMessage(access.data.role) : null;
  const ordered = useMemo(() => (rules.data ? rulesInOrder(rules.data) : null), [rules.data]);

  let body;
  if (ordered && !access.isLoading) {
    body = (
      <div className="space-y-4">
        {ordered.map((rule) => (
          <AlertRuleCard key={rule.event} rule={rule} lock={lock} reload={() => rules.refetch()} />
        ))}
      </div>
    );
  } else if (rules.error) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>Não foi possível carregar as regras de alerta. {apiErrorMessage(rules.error)}</p>
        <Button variant="secondary" size="sm" loading={rules.isFetching} onClick={() => void rules.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  } else {
    body = <RulesLoading />;
  }

  return (
    <section className="max-w-3xl">
      <PageHeader
        title={title}
        subtitle="Quem fica sabendo quando um gateway cai, um acesso remoto começa ou um pedido muda, e por qual canal."
      />
      {lock ? (
        <p className="mb-4 flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <LockIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>{lock} Fale com um Administrador da sua empresa.</span>
        </p>
      ) : null}
      {body}
    </section>
  );
}
