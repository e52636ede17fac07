import type { ReactNode } from 'react';
import { LockedActions, useLock, type LockKind } from './permissions';

/**
 * The screen's h1, its subtitle and its main actions. The actions change data unless `actionsNeed` says otherwise
 * ('none' for a print or an export; 'purchase' for orders): a role that may not sees "Sem permissão" in their place,
 * with the reason on hover (src/components/ui/permissions.tsx).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  actionsNeed = 'edit',
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  actionsNeed?: LockKind | 'none';
}) {
  const locked = useLock(actionsNeed);
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{locked ? <LockedActions reason={locked} /> : actions}</div> : null}
    </div>
  );
}
