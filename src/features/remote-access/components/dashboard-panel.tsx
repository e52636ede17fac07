/**
 * The portal dashboard's "Acesso remoto": the sessions active now and the requests waiting for approval, each list
 * leading to its tab of Acesso Remoto. Loaded apart from the dashboard (src/app composes it lazily, after the page's
 * first paint), so it adds nothing to the signed-in first load.
 */
import type { ReactNode } from 'react';
import { Panel, type PanelQuery } from '@/components/ui/panel';
import { StableLink } from '@/components/ui/stable-links';
import { portalPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useListRemoteAccessSessionsQuery } from '../api';
import type { RemoteAccessSession } from '../types';

/** Figures older than this are refetched when the dashboard is opened again (as the dashboard's). */
const FRESH_SECONDS = 30;
const SHOWN = 5;
const LINK = 'text-sm font-medium text-accent-strong underline-offset-2 hover:underline';

const listOf = (status: 'active' | 'pending') => ({ page: 1, perPage: SHOWN, q: '', sort: '-createdAt' as const, filters: { status } });

interface Lists {
  active: { rows: RemoteAccessSession[]; total: number };
  pending: { rows: RemoteAccessSession[]; total: number };
}

function SessionList({
  title,
  total,
  rows,
  href,
  linkLabel,
  empty,
  describe,
}: {
  title: string;
  total: number;
  rows: RemoteAccessSession[];
  href: string;
  linkLabel: string;
  empty: string;
  describe: (session: RemoteAccessSession) => ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {title} <span className="tabular-nums text-slate-600">({total})</span>
        </h3>
        <StableLink to={href} className={LINK}>
          {linkLabel}
        </StableLink>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {rows.map((session) => (
            <li key={session.id} className="px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">{session.requesterName}</span>
              <span className="text-slate-700"> · {session.machineName}</span>
              <span className="block text-xs text-slate-600">{describe(session)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function RemoteAccessDashboardPanel() {
  const active = useListRemoteAccessSessionsQuery(listOf('active'), { refetchOnMountOrArgChange: FRESH_SECONDS });
  const pending = useListRemoteAccessSessionsQuery(listOf('pending'), { refetchOnMountOrArgChange: FRESH_SECONDS });
  const query: PanelQuery<Lists> = {
    data:
      active.data && pending.data
        ? {
            active: { rows: active.data.data, total: active.data.meta.total },
            pending: { rows: pending.data.data, total: pending.data.meta.total },
          }
        : undefined,
    isLoading: active.isLoading || pending.isLoading,
    isFetching: active.isFetching || pending.isFetching,
    error: active.error ?? pending.error,
    refetch: () => {
      void active.refetch();
      void pending.refetch();
    },
  };
  return (
    <Panel title="Acesso remoto" query={query}>
      {(lists) => (
        <div className="grid gap-6 md:grid-cols-2">
          <SessionList
            title="Ativos agora"
            total={lists.active.total}
            rows={lists.active.rows}
            href={portalPaths.remoteAccess}
            linkLabel="Ver ativos"
            empty="Ninguém conectado às suas máquinas agora."
            describe={(session) => (session.windowEndsAt ? `Até ${formatDateTime(session.windowEndsAt)}` : '')}
          />
          <SessionList
            title="Aguardando aprovação"
            total={lists.pending.total}
            rows={lists.pending.rows}
            href={`${portalPaths.remoteAccess}?tab=solicitacoes`}
            linkLabel="Ver solicitações"
            empty="Nenhuma solicitação aguardando."
            describe={(session) =>
              `${session.awaiting === 'factory' ? 'Aguardando a fábrica · ' : ''}Pedido em ${formatDateTime(session.createdAt)} · ${session.reason}`
            }
          />
        </div>
      )}
    </Panel>
  );
}
