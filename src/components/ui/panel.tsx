import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { AlertIcon } from './icons';
import { Skeleton } from './skeleton';
import { apiErrorMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';

/** What a panel needs of its query: an RTK Query hook's result fits as it is. */
export interface PanelQuery<T> {
  data?: T;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** A sub-list's loading placeholder: a few grey rows (`skeleton={<PanelRowsSkeleton />}`). */
export function PanelRowsSkeleton({ rows = 2 }: { rows?: number }) {
  return (
    <div className="space-y-2">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-10" />
      ))}
    </div>
  );
}

/** `empty.when` of a server-paged sub-list: the page says there is nothing at all. */
export const isEmptyPage = (page: { meta: { total: number } }): boolean => page.meta.total === 0;

/** A panel's empty state: `state` shows instead of the content when `when(data)` is true (a page with no rows). */
export interface PanelEmpty<T> {
  when: (data: T) => boolean;
  state: ReactNode;
}

/**
 * A titled card with its own states: a skeleton while loading, the error with "Tentar novamente" (the other panels
 * stay as they are), the empty state when `empty.when(data)`, its content otherwise. A failed refresh of shown data
 * keeps the data. The dashboards' cards, and a detail page's sub-list (`variant="detail"`: the header spacing of the
 * DetailSections around it):
 *
 * ```tsx
 * <Panel title="Máquinas" variant="detail" query={machines} skeleton={<PanelRowsSkeleton />}
 *   empty={{ when: isEmptyPage, state: <EmptyState title="Nenhuma máquina…" /> }}>
 *   {(page) => <MachineRows machines={page.data} />}
 * </Panel>
 * ```
 */
export function Panel<T>({
  title,
  query,
  skeleton,
  actions,
  empty,
  variant = 'dashboard',
  className,
  children,
}: {
  title: string;
  query: PanelQuery<T>;
  /** The loading placeholder's shape (a few grey blocks by default). */
  skeleton?: ReactNode;
  actions?: ReactNode;
  /** What shows when the data holds nothing (default: `children` decide). */
  empty?: PanelEmpty<T>;
  /** 'detail': a detail page's section (the header of DetailSection); 'dashboard': a dashboard card. */
  variant?: 'dashboard' | 'detail';
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const headingId = useId();
  const { data, error } = query;
  let body: ReactNode;
  if (data !== undefined) {
    body = empty?.when(data) ? empty.state : children(data);
  } else if (error !== undefined && error !== null) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p className="flex items-start gap-2 text-red-800">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            Não foi possível carregar “{title}”. {apiErrorMessage(error)}
          </span>
        </p>
        <Button variant="secondary" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  } else {
    body = (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Carregando {title}…
        </p>
        {skeleton ?? (
          <div className="space-y-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-24" />
          </div>
        )}
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm', className)}>
      <div
        className={cn(
          'flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5',
          variant === 'detail' ? 'py-4' : 'py-3',
        )}
      >
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="flex-1 px-5 py-4">{body}</div>
    </section>
  );
}
