import { useId } from 'react';
import { PAGE_SIZES } from '@/contracts/common';
import { cn } from '@/lib/cn';
import { inputClasses } from './field';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /**
   * The pointer came to rest on, or the focus reached, the button of this page: the list may start loading it, so
   * the click shows its rows at once.
   */
  onPageIntent?: (page: number) => void;
  pageSizes?: readonly number[];
  /** The navigation landmark's name (two paginated lists on one screen need distinct names). */
  label?: string;
  className?: string;
}

/** A 36 px square-ish button (the kit's sizes are 32 or 40 px; 36 px keeps the bar inside 390 px). */
const PAGE_BUTTON = cn(
  'inline-flex h-9 items-center justify-center rounded-md text-sm font-medium transition-colors',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-2',
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
);

const numberFormat = new Intl.NumberFormat('pt-BR');
const format = (n: number) => numberFormat.format(n);

/** The last page of `total` items at `perPage` a page (1 when there are none). */
export function lastPageOf(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || perPage <= 0) return 1;
  return Math.ceil(total / perPage);
}

/** "Mostrando 21–40 de 45" (en dash, pt-BR thousands separators). */
export function rangeText(page: number, perPage: number, total: number): string {
  if (total <= 0) return 'Nenhum item';
  const first = Math.min((page - 1) * perPage + 1, total);
  const last = Math.min(page * perPage, total);
  return `Mostrando ${format(first)}–${format(last)} de ${format(total)}`;
}

/**
 * The page numbers to show, at most 7 slots: all of them when they fit, otherwise the first, the last, the current
 * one with its neighbours, and `'gap'` where pages are left out (1 … 4 5 6 … 20).
 */
export function pageWindow(page: number, last: number): Array<number | 'gap'> {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  if (page <= 4) return [1, 2, 3, 4, 5, 'gap', last];
  if (page >= last - 3) return [1, 'gap', last - 4, last - 3, last - 2, last - 1, last];
  return [1, 'gap', page - 1, page, page + 1, 'gap', last];
}

function ChevronLeft() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="m15 6-6 6 6 6" />
    </svg>
  );
}

function ChevronRight() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}

/**
 * Server pagination: the range shown, previous / page numbers / next, and the page size. At phone widths the page
 * numbers give way to "3 de 20" so the whole bar fits in 390 px.
 */
export function Pagination({
  page,
  perPage,
  total,
  onPageChange,
  onPerPageChange,
  onPageIntent,
  pageSizes = PAGE_SIZES,
  label = 'Paginação',
  className,
}: PaginationProps) {
  const selectId = useId();
  const last = lastPageOf(total, perPage);
  const current = Math.min(Math.max(1, page), last);
  const sizes = pageSizes.includes(perPage) ? pageSizes : [...pageSizes, perPage].sort((a, b) => a - b);
  /** Another page that exists. */
  const other = (target: number) => target !== current && target >= 1 && target <= last;
  const go = (target: number) => {
    if (other(target)) onPageChange(target);
  };
  /** A page button's intent handlers: the pointer entering it or the focus reaching it. */
  const intent = (target: number) =>
    onPageIntent && other(target) ? { onPointerEnter: () => onPageIntent(target), onFocus: () => onPageIntent(target) } : {};
  const navButton = cn(PAGE_BUTTON, 'w-9 border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 aria-disabled:hover:bg-white');

  return (
    <nav
      aria-label={label}
      className={cn('flex flex-col gap-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      <p className="tabular-nums">{rangeText(current, perPage, total)}</p>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 sm:justify-end">
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="whitespace-nowrap">
            Itens por página
          </label>
          <select
            id={selectId}
            value={perPage}
            onChange={(event) => onPerPageChange(Number(event.target.value))}
            className={inputClasses(false, 'h-9 w-[4.75rem] pr-7')}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <ul className="flex items-center gap-1">
          <li>
            <button
              type="button"
              className={navButton}
              aria-label="Página anterior"
              // aria-disabled, not disabled: the button that reaches the first (or last) page keeps the focus. A
              // focused button that becomes disabled loses it to the page, and the browser lays the page out at once
              // to move it, inside the click.
              aria-disabled={current <= 1 || undefined}
              onClick={() => go(current - 1)}
              {...intent(current - 1)}
            >
              <ChevronLeft />
            </button>
          </li>
          {pageWindow(current, last).map((item, index) =>
            item === 'gap' ? (
              <li key={`gap-${index}`} aria-hidden="true" className="hidden w-6 text-center text-slate-500 md:block">
                …
              </li>
            ) : (
              <li key={item} className="hidden md:block">
                <button
                  type="button"
                  className={cn(
                    PAGE_BUTTON,
                    'min-w-[2.25rem] px-2 tabular-nums',
                    item === current ? 'bg-accent text-white shadow-sm hover:bg-accent-strong' : 'text-slate-700 hover:bg-slate-100',
                  )}
                  aria-label={`Página ${item}`}
                  aria-current={item === current ? 'page' : undefined}
                  onClick={() => go(item)}
                  {...intent(item)}
                >
                  {format(item)}
                </button>
              </li>
            ),
          )}
          <li className="px-2 tabular-nums md:hidden">
            {format(current)} de {format(last)}
          </li>
          <li>
            <button
              type="button"
              className={navButton}
              aria-label="Próxima página"
              aria-disabled={current >= last || undefined}
              onClick={() => go(current + 1)}
              {...intent(current + 1)}
            >
              <ChevronRight />
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
