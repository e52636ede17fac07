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

/**
 * A titled card of the dashboard with its own states: a skeleton while loading, the error with "Tentar novamente"
 * (the other panels stay as they are), its content otherwise. A failed refresh of shown data keeps the data.
 */
export function Panel<T>({
  title,
  query,
  skeleton,
  actions,
  className,
  children,
}: {
  title: string;
  query: PanelQuery<T>;
  /** The loading placeholder's shape (a few grey blocks by default). */
  skeleton?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const headingId = useId();
  const { data, error } = query;
  let body: ReactNode;
  if (data !== undefined) {
    body = children(data);
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
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="flex-1 px-5 py-4">{body}</div>
    </section>
  );
}
