import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DashboardConnections, DashboardSummary } from '@/contracts/dashboard';
import { DASHBOARD_DAYS } from '@/contracts/dashboard';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { BarChart, chartSummary, DonutChart, type ChartDatum } from '@/components/ui/charts';
import { PlugIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { LockedActions, useLock } from '@/components/ui/permissions';
import { StatCards, StatCardsSkeleton, type StatCard } from '@/components/ui/stat-cards';
import { portalPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useGetDashboardConnectionsQuery, useGetDashboardSummaryQuery } from '../api';
import { Panel } from '@/components/ui/panel';
import { browserTimeZone, dayLabels } from '@/lib/day-labels';
import { formatDuration, onboardingSteps, progressLabel } from '../format';

/** Figures older than this are refetched when the dashboard is opened again. */
const FRESH_SECONDS = 30;

const devicesWith = (status: string) => `${portalPaths.devices}?${new URLSearchParams({ status }).toString()}`;

function summaryCards(summary: DashboardSummary): StatCard[] {
  return [
    { label: 'Máquinas', value: summary.machines, href: portalPaths.machines },
    { label: 'Clientes', value: summary.customers, href: portalPaths.customers },
    { label: 'Gateways online', value: summary.devices.online, href: devicesWith('online'), tone: 'success' },
    { label: 'Gateways offline', value: summary.devices.offline, href: devicesWith('offline'), tone: 'danger' },
    { label: 'Nunca conectados', value: summary.devices.neverConnected, href: devicesWith('never-connected'), tone: 'neutral' },
    { label: 'Pedidos em aberto', value: summary.openOrders, href: portalPaths.orders },
  ];
}

/** While no gateway is online: the way to the connection wizard (and to the first steps still to do). */
function ConnectCallToAction({ summary }: { summary: DashboardSummary }) {
  const steps = onboardingSteps(summary);
  const pending = steps.some((step) => !step.done);
  const locked = useLock('edit');
  return (
    <section
      aria-labelledby="dashboard-connect-cta"
      className="flex flex-wrap items-center gap-4 rounded-lg border border-accent/30 bg-accent-soft/60 px-5 py-4"
    >
      <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-accent">
        <PlugIcon />
      </div>
      <div className="min-w-0 flex-1">
        <h2 id="dashboard-connect-cta" className="font-semibold text-slate-900">
          Nenhum gateway online
        </h2>
        <p className="text-sm text-slate-700">
          Registre um gateway pelo código de configuração, associe-o a uma máquina e teste a conexão, tudo pelo navegador.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {pending ? (
          <Link to={portalPaths.start} className={buttonClasses('secondary')}>
            Primeiros passos ({progressLabel(steps)})
          </Link>
        ) : null}
        {locked ? (
          <LockedActions reason={locked} />
        ) : (
          <Link to={portalPaths.firstSteps} className={buttonClasses('primary')}>
            Configurar Conexão
          </Link>
        )}
      </div>
    </section>
  );
}

function GatewayStatus({ summary }: { summary: DashboardSummary }) {
  const { devices } = summary;
  if (devices.total === 0) {
    return (
      <div className="space-y-3 text-sm text-slate-600">
        <p>Nenhum gateway nesta conta ainda. Compre gateways ou adicione um pelo código de configuração.</p>
        <div className="flex flex-wrap gap-2">
          <Link to={portalPaths.checkout} className={buttonClasses('secondary', 'sm')}>
            Comprar gateways
          </Link>
          <Link to={portalPaths.devices} className={buttonClasses('secondary', 'sm')}>
            Adicionar dispositivo
          </Link>
        </div>
      </div>
    );
  }
  const data: ChartDatum[] = [
    { label: 'Online', value: devices.online, tone: 'success' },
    { label: 'Offline', value: devices.offline, tone: 'danger' },
    { label: 'Nunca conectado', value: devices.neverConnected, tone: 'neutral' },
  ];
  return <DonutChart title="Status dos gateways" data={data} totalLabel="gateways" />;
}

function ConnectionsPerDay({ connections }: { connections: DashboardConnections }) {
  const total = connections.days.reduce((sum, day) => sum + day.count, 0);
  const data: ChartDatum[] = connections.days.map((day) => {
    const labels = dayLabels(day.date);
    return { label: labels.short, sublabel: labels.dayMonth, description: labels.long, value: day.count };
  });
  const title = `Conexões por dia nos últimos ${DASHBOARD_DAYS} dias`;
  const totalText = total === 1 ? '1 conexão' : `${total.toLocaleString('pt-BR')} conexões`;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{totalText}</span> nos últimos {DASHBOARD_DAYS} dias
      </p>
      <BarChart
        title={title}
        data={data}
        summary={`${chartSummary(title, data).slice(0, -1)}. Total: ${totalText}.`}
        labelHeader="Dia"
        valueHeader="Conexões"
      />
    </div>
  );
}

function LatestConnections({ connections }: { connections: DashboardConnections }) {
  if (connections.latest.length === 0) {
    return <p className="text-sm text-slate-600">Nenhuma conexão ainda. Os acessos às suas máquinas aparecem aqui.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200">
      {connections.latest.map((connection) => (
        <li key={connection.id} className="py-3 first:pt-0 last:pb-0">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-5">
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">Dispositivo</dt>
              <dd className="break-words font-medium text-slate-900">{connection.deviceName}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">Máquina</dt>
              <dd className="break-words text-slate-900">{connection.machineName ?? 'Sem máquina'}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">Usuário</dt>
              <dd className="break-words text-slate-900">{connection.userName}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">Início</dt>
              <dd className="text-slate-900">
                <time dateTime={connection.startedAt.toISOString()}>{formatDateTime(connection.startedAt)}</time>
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">Duração</dt>
              <dd className="text-slate-900">
                {connection.endedAt ? (
                  formatDuration(connection.startedAt, connection.endedAt)
                ) : (
                  <Badge tone="success" dot>
                    Em andamento
                  </Badge>
                )}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** `after`: panels other features add at the end (src/app composes the "Acesso remoto" one). */
export default function DashboardScreen({ after }: { after?: ReactNode }) {
  const summary = useGetDashboardSummaryQuery(undefined, { refetchOnMountOrArgChange: FRESH_SECONDS });
  const [timeZone] = useState(browserTimeZone);
  const connections = useGetDashboardConnectionsQuery(timeZone, { refetchOnMountOrArgChange: FRESH_SECONDS });
  return (
    <section className="space-y-6">
      <PageHeader title="Dashboard" subtitle="Sua frota, seus gateways e os acessos mais recentes." />
      {summary.data && summary.data.devices.online === 0 ? <ConnectCallToAction summary={summary.data} /> : null}
      <Panel title="Resumo da frota" query={summary} skeleton={<StatCardsSkeleton />}>
        {(data) => <StatCards cards={summaryCards(data)} />}
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Status dos gateways" query={summary}>
          {(data) => <GatewayStatus summary={data} />}
        </Panel>
        <Panel title="Conexões por dia" query={connections}>
          {(data) => <ConnectionsPerDay connections={data} />}
        </Panel>
      </div>
      <Panel
        title="Últimas conexões"
        query={connections}
        actions={
          <Link to={portalPaths.devices} className={buttonClasses('secondary', 'sm')}>
            Ver dispositivos
          </Link>
        }
      >
        {(data) => <LatestConnections connections={data} />}
      </Panel>
      {after}
    </section>
  );
}
