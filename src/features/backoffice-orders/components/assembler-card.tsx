import { useId } from 'react';
import { ASSEMBLER_NOT_FOUND } from '@/contracts/backoffice-order';
import { DEVICE_STATUSES, DEVICE_STATUS_LABELS } from '@/contracts/device';
import { formatCnpj } from '@/contracts/validators/cnpj';
import { Button } from '@/components/ui/button';
import { DescriptionList } from '@/components/ui/detail-page';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api/errors';
import { formatDate } from '@/lib/dates';
import { useGetAssemblerQuery } from '../api';

const cardClasses = 'mb-6 rounded-lg border border-slate-200 bg-white shadow-sm';

function ordersText(count: number, open: number): string {
  const orders = count === 1 ? '1 pedido' : `${count} pedidos`;
  return open > 0 ? `${orders} (${open} em aberto)` : orders;
}

const STATUS_DOTS = { online: 'bg-green-600', offline: 'bg-amber-500', 'never-connected': 'bg-slate-400' } as const;

/**
 * A builder's page, above its orders (`/backoffice-orders?assembler=<uid>`): name, CNPJ, contact, customer since,
 * its orders and its gateways by status; "Ver todas as montadoras" goes back to every builder's orders.
 */
export function AssemblerCard({ uid, onClear }: { uid: string; onClear(): void }) {
  const headingId = useId();
  const query = useGetAssemblerQuery(uid);
  const assembler = query.currentData;
  const clear = (
    <Button variant="secondary" size="sm" onClick={onClear}>
      Ver todas as montadoras
    </Button>
  );

  if (query.error !== undefined && !assembler) {
    const missing = apiErrorStatus(query.error) === 404;
    return (
      <section aria-labelledby={headingId} className={`${cardClasses} px-5 py-4`}>
        <div role={missing ? undefined : 'alert'} className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <div>
            <h2 id={headingId} className="font-semibold text-slate-900">
              {missing ? ASSEMBLER_NOT_FOUND.replace(/\.$/, '') : 'Não foi possível carregar a montadora'}
            </h2>
            <p className="mt-0.5 text-slate-600">
              {missing ? 'O endereço pode estar incorreto.' : apiErrorMessage(query.error)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {missing ? null : (
              <Button variant="secondary" size="sm" loading={query.isFetching} onClick={() => void query.refetch()}>
                Tentar novamente
              </Button>
            )}
            {clear}
          </div>
        </div>
      </section>
    );
  }

  if (!assembler) {
    return (
      <section aria-busy="true" aria-label="Carregando montadora" className={`${cardClasses} space-y-3 px-5 py-4`}>
        <Skeleton className="h-5 w-56 max-w-full" />
        <div className="grid gap-3 sm:grid-cols-3">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClasses}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Montadora</p>
          <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900">
            {assembler.name}
          </h2>
        </div>
        {clear}
      </div>
      <div className="space-y-5 px-5 py-4">
        <DescriptionList
          items={[
            { term: 'CNPJ', description: <span className="font-mono">{formatCnpj(assembler.cnpj)}</span> },
            {
              term: 'E-mail',
              description: (
                <a className="text-accent-strong underline-offset-2 hover:underline" href={`mailto:${assembler.email}`}>
                  {assembler.email}
                </a>
              ),
            },
            { term: 'Cliente desde', description: formatDate(assembler.createdAt) },
            { term: 'Pedidos', description: ordersText(assembler.orderCount, assembler.openOrderCount) },
          ]}
        />
        <div>
          <h3 className="text-sm text-slate-600">
            Gateways ({assembler.devices.total})
          </h3>
          <ul aria-label="Gateways da montadora por status" className="mt-2 grid gap-2 sm:grid-cols-3">
            {DEVICE_STATUSES.map((status) => (
              <li key={status} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm">
                <span className="flex items-center gap-2 text-slate-700">
                  <span aria-hidden="true" className={`h-2 w-2 rounded-full ${STATUS_DOTS[status]}`} />
                  {DEVICE_STATUS_LABELS[status]}
                </span>
                <span className="font-semibold tabular-nums text-slate-900">{assembler.devices[status]}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
