import { useState } from 'react';
import { BACKOFFICE_DASHBOARD_DAYS, type BackofficeDashboard } from '@/contracts/backoffice-dashboard';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@/contracts/commerce';
import { BarChart, chartSummary, type ChartDatum } from '@/components/ui/charts';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { StatCards, StatCardsSkeleton, type StatCard, type StatTone } from '@/components/ui/stat-cards';
import { backofficePaths } from '@/config/paths';
import { browserTimeZone, dayLabels } from '@/lib/day-labels';
import { formatBRL } from '@/lib/money';
import { useGetBackofficeDashboardQuery } from '../api';

/** Figures older than this are refetched when the dashboard is opened again. */
const FRESH_SECONDS = 30;

const withParams = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

const STATUS_TONES: Partial<Record<OrderStatus, StatTone>> = {
  'aguardando-pagamento': 'warning',
  pago: 'success',
  cancelado: 'neutral',
};

/** "novembro de 2026" for `2026-11`. */
function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 15)),
  );
}

function platformCards(data: BackofficeDashboard): StatCard[] {
  const paidOrders = data.revenue.orders === 1 ? '1 pedido pago' : `${data.revenue.orders} pedidos pagos`;
  return [
    {
      label: 'Faturamento do mês',
      value: formatBRL(data.revenue.total),
      hint: `${paidOrders} em ${monthLabel(data.revenue.month)}`,
      href: withParams(backofficePaths.orders, { status: 'pago' }),
      tone: 'success',
    },
    { label: 'Montadoras', value: data.assemblers, href: backofficePaths.orders },
    {
      label: 'Gateways online',
      value: data.gateways.online,
      hint: `de ${data.gateways.total.toLocaleString('pt-BR')} provisionados`,
      href: withParams(backofficePaths.vpnUsers, { tab: 'nos' }),
      tone: 'success',
    },
    {
      label: 'Usuários VPN ativos',
      value: data.vpnUsers.active,
      href: withParams(backofficePaths.vpnUsers, { status: 'ativo' }),
    },
    {
      label: 'VPN expirando em 7 dias',
      value: data.vpnUsers.expiringSoon,
      href: withParams(backofficePaths.vpnUsers, { status: 'ativo', sort: 'expiresAt' }),
      tone: data.vpnUsers.expiringSoon > 0 ? 'warning' : undefined,
    },
  ];
}

function orderCards(data: BackofficeDashboard): StatCard[] {
  return ORDER_STATUSES.map((status) => ({
    label: ORDER_STATUS_LABELS[status],
    value: data.ordersByStatus[status],
    href: withParams(backofficePaths.orders, { status }),
    tone: STATUS_TONES[status],
  }));
}

function OrdersPerDay({ data }: { data: BackofficeDashboard }) {
  const total = data.ordersPerDay.reduce((sum, day) => sum + day.count, 0);
  const chart: ChartDatum[] = data.ordersPerDay.map((day) => {
    const labels = dayLabels(day.date);
    return { label: labels.dayMonth, description: labels.long, value: day.count };
  });
  const title = `Pedidos por dia nos últimos ${BACKOFFICE_DASHBOARD_DAYS} dias`;
  const totalText = total === 1 ? '1 pedido' : `${total.toLocaleString('pt-BR')} pedidos`;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{totalText}</span> nos últimos {BACKOFFICE_DASHBOARD_DAYS} dias
      </p>
      <BarChart
        title={title}
        data={chart}
        summary={`${chartSummary(title, chart).slice(0, -1)}. Total: ${totalText}.`}
        labelHeader="Dia"
        valueHeader="Pedidos"
      />
    </div>
  );
}

export default function BackofficeDashboardScreen() {
  const [timeZone] = useState(browserTimeZone);
  const dashboard = useGetBackofficeDashboardQuery(timeZone, { refetchOnMountOrArgChange: FRESH_SECONDS });
  return (
    <section className="space-y-6">
      <PageHeader title="Dashboard" subtitle="Pedidos, faturamento, gateways e acessos VPN de toda a plataforma." />
      <Panel title="Plataforma" query={dashboard} skeleton={<StatCardsSkeleton columns={5} />}>
        {(data) => <StatCards cards={platformCards(data)} columns={5} />}
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Pedidos por status" query={dashboard} skeleton={<StatCardsSkeleton columns={3} />}>
          {(data) => <StatCards cards={orderCards(data)} columns={3} />}
        </Panel>
        <Panel title="Pedidos por dia" query={dashboard}>
          {(data) => <OrdersPerDay data={data} />}
        </Panel>
      </div>
    </section>
  );
}
