import { Link } from 'react-router-dom';
import type { DashboardSummary } from '@/contracts/dashboard';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { LockedActions, useLock } from '@/components/ui/permissions';
import { Skeleton } from '@/components/ui/skeleton';
import { portalPaths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useGetDashboardSummaryQuery } from '../api';
import { Panel } from '@/components/ui/panel';
import { onboardingSteps, progressLabel } from '../format';

function Steps({ summary }: { summary: DashboardSummary }) {
  const steps = onboardingSteps(summary);
  const done = steps.filter((step) => step.done).length;
  const label = progressLabel(steps);
  // Every step still to do is a change: a role that may not change data sees why instead of the way there.
  const locked = useLock('edit');
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-900">{label}</p>
        <div
          role="progressbar"
          aria-label="Progresso dos primeiros passos"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={done}
          aria-valuetext={label}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${(done / steps.length) * 100}%` }} />
        </div>
      </div>
      <ol className="space-y-3">
        {steps.map((step, index) => (
          <li
            key={step.id}
            className={cn(
              'grid grid-cols-[auto_1fr] items-start gap-x-4 gap-y-3 rounded-md border px-4 py-4 sm:grid-cols-[auto_1fr_auto]',
              step.done ? 'border-green-200 bg-green-50/50' : 'border-slate-200',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                step.done ? 'bg-green-700 text-white' : 'bg-slate-100 text-slate-700',
              )}
            >
              {step.done ? <CheckIcon className="h-4 w-4" /> : index + 1}
            </span>
            <div className="min-w-0 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <Badge tone={step.done ? 'success' : 'neutral'}>{step.done ? 'Concluído' : 'A fazer'}</Badge>
              </div>
              <p className="text-sm text-slate-600">{step.description}</p>
            </div>
            {step.done ? (
              <Link to={step.doneLink.href} className={buttonClasses('secondary', 'sm', 'col-start-2 justify-self-start sm:col-start-auto sm:self-center')}>
                {step.doneLink.label}
              </Link>
            ) : locked ? (
              <div className="col-start-2 justify-self-start sm:col-start-auto sm:self-center">
                <LockedActions reason={locked} />
              </div>
            ) : (
              <Link to={step.action.href} className={buttonClasses('primary', 'sm', 'col-start-2 justify-self-start sm:col-start-auto sm:self-center')}>
                {step.action.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {done === steps.length ? (
        <p className="text-sm text-slate-700">
          Tudo pronto: sua primeira máquina já pode ser acessada.{' '}
          <Link to={portalPaths.dashboard} className="font-medium text-accent-strong underline-offset-2 hover:underline">
            Ir para o Dashboard
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** A new account's first page: the four first steps, each done or to do from the account's real data. */
export default function StartScreen() {
  const summary = useGetDashboardSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="max-w-3xl">
      <PageHeader title="Início" subtitle="Do primeiro cliente ao primeiro acesso remoto, em quatro passos." />
      <Panel
        title="Primeiros passos"
        query={summary}
        skeleton={
          <div className="space-y-3">
            <Skeleton className="h-4 w-40" />
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-20" />
            ))}
          </div>
        }
      >
        {(data) => <Steps summary={data} />}
      </Panel>
    </section>
  );
}
