import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';

export type StatTone = 'success' | 'danger' | 'warning' | 'neutral';

export interface StatCard {
  label: string;
  /** A count (shown with pt-BR digit grouping) or a text already formatted (an amount in reais). */
  value: number | string;
  /** The filtered list the figure comes from. */
  href: string;
  tone?: StatTone;
  /** A short line under the figure ("em novembro"). */
  hint?: string;
}

const DOTS: Record<StatTone, string> = {
  success: 'bg-green-600',
  danger: 'bg-red-600',
  warning: 'bg-amber-500',
  neutral: 'bg-slate-500',
};

/** Columns on wide screens (two on phones, three from `sm`). */
export type StatColumns = 3 | 5 | 6;
const GRIDS: Record<StatColumns, string> = {
  3: 'grid grid-cols-2 gap-3 sm:grid-cols-3',
  5: 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5',
  6: 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6',
};

/** A dashboard's figures, each a link to the list it counts. */
export function StatCards({ cards, columns = 6 }: { cards: readonly StatCard[]; columns?: StatColumns }) {
  return (
    <ul className={GRIDS[columns]}>
      {cards.map((card) => (
        <li key={card.label}>
          <Link
            to={card.href}
            className="flex h-full flex-col gap-1 rounded-md border border-slate-200 px-4 py-3 transition-colors hover:border-accent hover:bg-accent-soft/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
          >
            <span className="flex items-center gap-1.5 text-sm text-slate-600">
              {card.tone ? <span aria-hidden="true" className={cn('h-2 w-2 rounded-full', DOTS[card.tone])} /> : null}
              {card.label}
            </span>{' '}
            <span className="text-2xl font-semibold tabular-nums text-slate-900">
              {typeof card.value === 'number' ? card.value.toLocaleString('pt-BR') : card.value}
            </span>
            {card.hint ? <span className="text-xs text-slate-600">{card.hint}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The cards' loading placeholder. */
export function StatCardsSkeleton({ count, columns = 6 }: { count?: number; columns?: StatColumns }) {
  return (
    <div className={GRIDS[columns]}>
      {Array.from({ length: count ?? columns }, (_, index) => (
        <Skeleton key={index} className="h-[74px]" />
      ))}
    </div>
  );
}
