import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { Button, buttonClasses } from './button';
import { AlertIcon, SearchIcon } from './icons';
import { LockedActions, useLock, type LockKind } from './permissions';
import { Skeleton } from './skeleton';

/** What DetailPage needs of a query: an RTK Query hook's result fits as it is. */
export interface DetailQuery<T> {
  data?: T;
  /**
   * RTK Query's data for the current argument only. When present it wins over `data` (which still holds the
   * previous record while another id loads), so /customers/1 → /customers/2 never shows customer 1 as customer 2.
   */
  currentData?: T;
  isLoading: boolean;
  /** True while any request is in flight (shows the retry button as busy). */
  isFetching?: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface DetailPageProps<T> {
  query: DetailQuery<T>;
  /** "Cliente não encontrado": the h1 of the not-found state (a 404, or a record of another account). */
  notFoundTitle: string;
  notFoundDescription?: string;
  /** The list the record belongs to: "Voltar para Clientes". */
  backTo: { href: string; label: string };
  /** Heading of the error state. */
  errorTitle?: string;
  children: (data: T) => ReactNode;
}

function DetailSkeleton() {
  return (
    <div aria-busy="true" className="max-w-4xl space-y-6">
      <p role="status" className="sr-only">
        Carregando…
      </p>
      <div className="space-y-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <Skeleton className="h-5 w-40" />
        <div className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="space-y-2">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-4 w-44 max-w-full" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function StatePanel({
  tone,
  icon,
  title,
  description,
  children,
}: {
  tone: 'neutral' | 'danger';
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : undefined}
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <div
        className={cn(
          'flex h-12 w-12 items-center justify-center rounded-full [&>svg]:h-6 [&>svg]:w-6',
          tone === 'danger' ? 'bg-red-100 text-red-700' : 'bg-slate-100 text-slate-600',
        )}
      >
        {icon}
      </div>
      <div className="space-y-2">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      <div className="flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}

/**
 * A record's page at `<list>/:id`: a skeleton while it loads, the not-found state on a 404 (the record does not
 * exist or belongs to another account), the error state with "Tentar novamente" otherwise, and the record.
 * A failed refetch of a record already shown keeps it on screen, with the error above it.
 *
 * ```tsx
 * const query = useGetCustomerQuery(id);
 * <DetailPage query={query} notFoundTitle="Cliente não encontrado"
 *   backTo={{ href: portalPaths.customers, label: 'Voltar para Clientes' }}>
 *   {(customer) => <CustomerView customer={customer} />}
 * </DetailPage>
 * ```
 */
export function DetailPage<T>({
  query,
  notFoundTitle,
  notFoundDescription,
  backTo,
  errorTitle = 'Não foi possível carregar este registro',
  children,
}: DetailPageProps<T>) {
  const { error, isFetching = false } = query;
  const data = 'currentData' in query ? query.currentData : query.data;
  const hasError = error !== undefined && error !== null;
  const back = (
    <Link to={backTo.href} className={buttonClasses('secondary')}>
      {backTo.label}
    </Link>
  );
  const retry = (
    <Button loading={isFetching} onClick={() => void query.refetch()}>
      Tentar novamente
    </Button>
  );

  if (hasError && apiErrorStatus(error) === 404) {
    return (
      <StatePanel tone="neutral" icon={<SearchIcon />} title={notFoundTitle} description={notFoundDescription}>
        {back}
      </StatePanel>
    );
  }
  if (hasError && data === undefined) {
    return (
      <StatePanel tone="danger" icon={<AlertIcon />} title={errorTitle} description={apiErrorMessage(error)}>
        {retry}
        {back}
      </StatePanel>
    );
  }
  if (data === undefined) return <DetailSkeleton />;
  return (
    <>
      {hasError ? (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <span>Não foi possível atualizar: {apiErrorMessage(error)}</span>
          <Button variant="secondary" size="sm" loading={isFetching} onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : null}
      {children(data)}
    </>
  );
}

/**
 * A titled card of a detail page ("Dados do cliente", "Histórico de acesso"), with its own actions. They only read
 * (a filter, "Ver todas", an export) unless `actionsNeed` says what they change: then a role that may not sees
 * "Sem permissão" in their place (src/components/ui/permissions.tsx).
 */
export function DetailSection({
  title,
  actions,
  actionsNeed = 'none',
  children,
  className,
}: {
  title: string;
  actions?: ReactNode;
  actionsNeed?: LockKind | 'none';
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  const locked = useLock(actionsNeed);
  return (
    <section aria-labelledby={headingId} className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2">{locked ? <LockedActions reason={locked} /> : actions}</div> : null}
      </div>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

export interface DescriptionItem {
  term: string;
  /** Empty values (null, undefined, '') show as "—". */
  description: ReactNode;
}

/**
 * A record's fields as term / value pairs: one column on phones, two from 640 px (`columns={1}`: always one, for a
 * narrow side panel).
 */
export function DescriptionList({
  items,
  className,
  columns = 2,
}: {
  items: readonly DescriptionItem[];
  className?: string;
  columns?: 1 | 2;
}) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-4', columns === 2 && 'sm:grid-cols-2', className)}>
      {items.map((item) => {
        const empty = item.description === null || item.description === undefined || item.description === '';
        return (
          <div key={item.term} className="min-w-0">
            <dt className="text-sm text-slate-600">{item.term}</dt>
            <dd className="mt-0.5 break-words text-sm font-medium text-slate-900">
              {empty ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">Não informado</span>
                </>
              ) : (
                item.description
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
