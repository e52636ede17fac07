import {
  isValidElement,
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { apiErrorMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { EmptyState } from './empty-state';
import { inputClasses } from './field';
import { AlertIcon, SearchIcon } from './icons';
import { lastPageOf, Pagination, type PaginationProps } from './pagination';
import { useIsMobile } from './sidebar';
import { LockedActions, lockRowAction, useLock, useLocks, type LockKind } from './permissions';
import { Skeleton } from './skeleton';
import { isPlainLeftClick, StableLink } from './stable-links';

// ---- types ----

export interface Column<Row, K extends string = string> {
  /** Unique among the table's columns (React key). */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the header a sort button; the list's sort key (`name` sorts by `name` / `-name`). */
  sortKey?: K;
  /** Applied to the header and the cells of the column (`text-right tabular-nums`, a width). */
  className?: string;
  /** Left out of the phone cards (below 768 px). */
  hideOnMobile?: boolean;
  /** The label in the phone cards, when not the header. */
  mobileLabel?: string;
  /** The column that names the row: the row header, the link to the record, the card's title. Default: the first. */
  primary?: boolean;
}

export interface RowAction {
  label: string;
  onSelect: () => void;
  tone?: 'danger';
  icon?: ReactNode;
  /** A second line under the label ("3 máquinas"); not part of the item's name. */
  description?: string;
  disabled?: boolean;
  /** What the action needs of the role (src/components/ui/permissions.tsx): by default `edit`, `none` for "Ver …". */
  need?: LockKind | 'none';
}

export interface DataTableEmptyState {
  /** "Nenhum cliente cadastrado". */
  title: string;
  description?: ReactNode;
  /** Usually the create button. */
  action?: ReactNode;
  /** What the action needs of the role ('edit' unless said; 'purchase' for orders and addresses): locked, it says why. */
  actionNeed?: LockKind | 'none';
  icon?: ReactNode;
}

export interface DataTableSelection {
  /** Ids (`getRowId`) of the selected rows. */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

/** Pagination props; page, perPage and total default to the table's query and total. */
export type DataTablePagination = Omit<PaginationProps, 'page' | 'perPage' | 'total'> &
  Partial<Pick<PaginationProps, 'page' | 'perPage' | 'total'>>;

export interface DataTableProps<Row, K extends string = string> {
  /** The table's name for screen readers (visually hidden): usually the screen's title. */
  caption: string;
  columns: readonly Column<Row, K>[];
  /** The current page's rows; undefined until the first answer. */
  rows: readonly Row[] | undefined;
  /** All rows matching the query (the server's `meta.total`); undefined until known. */
  total: number | undefined;
  getRowId(row: Row): string;
  /** The row's name in "Ações para …" and "Selecionar …". Default: the primary column's text, else the id. */
  rowLabel?(row: Row): string;
  query: { sort: string; page: number; perPage: number };
  /** Called with a column's sort key; the list toggles the direction when it is the current one. */
  onSort?(key: K): void;
  /** First load, nothing to show yet. */
  isLoading: boolean;
  /** Any request in flight (refetch, next page, new search): rows stay, dimmed. */
  isFetching?: boolean;
  error?: unknown;
  onRetry?(): void;
  emptyState: DataTableEmptyState;
  /** A search text or a filter is set: an empty page means "Nenhum resultado", not "nenhum cadastrado". */
  hasActiveSearch: boolean;
  /** Clears the search text and the filters. */
  onClearSearch(): void;
  /** "45 clientes": announced to screen readers when the result count changes. */
  countLabel?(total: number): string;
  rowActions?(row: Row): RowAction[];
  /** The record's page: the primary cell becomes a link (and a click anywhere on the row follows it). */
  rowHref?(row: Row): string;
  /** Without `rowHref`: the primary cell becomes a button calling this (and a click on the row presses it). */
  onRowClick?(row: Row): void;
  selection?: DataTableSelection;
  /** A ready element, or the props of Pagination. Shown under the rows. */
  pagination?: ReactNode | DataTablePagination;
  /**
   * The page is past the end (total known, page > last page): ask the list to go to the last page, replacing the
   * history entry. Pass `list.clampPage` from useListState.
   */
  onPageOutOfRange?(total: number): void;
  /** Heading of the error state. */
  errorTitle?: string;
  /** Texts of the no-results state. */
  noResults?: { title?: string; description?: ReactNode };
}

// ---- helpers ----

function isPaginationConfig(value: ReactNode | DataTablePagination): value is DataTablePagination {
  return (
    typeof value === 'object' &&
    value !== null &&
    !isValidElement(value) &&
    !Array.isArray(value) &&
    'onPageChange' in value
  );
}

function parseSort(sort: string): { key: string; direction: 'ascending' | 'descending' } {
  return sort.startsWith('-') ? { key: sort.slice(1), direction: 'descending' } : { key: sort, direction: 'ascending' };
}

/** Elements a click on the row must leave alone (they do their own thing). */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="menuitem"], [role="checkbox"], [contenteditable="true"]';

/** A click on the row (or card) outside its controls follows the row's link: the link itself is the keyboard way. */
function followRowLink(event: MouseEvent<HTMLElement>) {
  if (!isPlainLeftClick(event)) return;
  const target = event.target;
  // Clicks bubbling from portals (the actions menu) are not clicks on the row.
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return;
  if (target.closest(INTERACTIVE)) return;
  if (window.getSelection()?.toString()) return;
  event.currentTarget.querySelector<HTMLElement>('[data-row-link]')?.click();
}

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={direction === 'none' ? 'text-slate-400' : 'text-slate-700'}
    >
      {direction === 'ascending' ? <path d="m6 15 6-6 6 6" /> : null}
      {direction === 'descending' ? <path d="m6 9 6 6 6-6" /> : null}
      {direction === 'none' ? <path d="m7 9 5-5 5 5M7 15l5 5 5-5" /> : null}
    </svg>
  );
}

function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="12" cy="19" r="1.8" />
    </svg>
  );
}

const CHECKBOX = 'h-4 w-4 shrink-0 cursor-pointer accent-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring';

function Checkbox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className={CHECKBOX}
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** The row's menu. The chosen action runs once the menu has closed and handed focus back to its trigger, so a
 * dialog the action opens takes focus cleanly and returns it to the trigger when it closes. Also for rows outside
 * a DataTable (a SimpleTable's last column). */
export function RowActionsMenu({ label, actions: asked }: { label: string; actions: RowAction[] }) {
  const locks = useLocks();
  const actions = asked.map((action) => lockRowAction(action, locks));
  const pending = useRef<(() => void) | null>(null);
  const idPrefix = useId();
  // A list renders a menu per row: the plain button stands in until it is first used, so a page of rows does not
  // mount twenty Radix menus (measured with `npm run bench`: it is the bulk of a page's render on a slow phone).
  const [open, setOpen] = useState<boolean | null>(null);
  if (actions.length === 0) return null;
  const trigger = (
    <button
      type="button"
      aria-label={`Ações para ${label}`}
      aria-haspopup="menu"
      aria-expanded={open === true}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring data-[state=open]:bg-slate-100"
      {...(open === null
        ? {
            onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
              if (event.button === 0 && !event.ctrlKey) {
                event.preventDefault();
                setOpen(true);
              }
            },
            onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
              if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
                event.preventDefault();
                setOpen(true);
              }
            },
          }
        : {})}
    >
      <MoreIcon />
    </button>
  );
  if (open === null) return trigger;
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        onCloseAutoFocus={() => {
          const run = pending.current;
          pending.current = null;
          run?.();
        }}
      >
        {actions.map((action, index) => {
          const descriptionId = action.description ? `${idPrefix}-${index}` : undefined;
          return (
            <DropdownMenuItem
              key={action.label}
              disabled={action.disabled}
              aria-label={action.description ? action.label : undefined}
              aria-describedby={descriptionId}
              onSelect={() => {
                pending.current = action.onSelect;
              }}
              className={cn(
                '[&>svg]:h-4 [&>svg]:w-4 [&>svg]:shrink-0',
                action.tone === 'danger' && 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800',
              )}
            >
              {action.icon}
              <span className="flex min-w-0 flex-col">
                <span>{action.label}</span>
                {action.description ? (
                  <span id={descriptionId} className="text-xs font-normal text-slate-500">
                    {action.description}
                  </span>
                ) : null}
              </span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function cellText(node: ReactNode): string | null {
  if (typeof node === 'string') return node;
  if (typeof node === 'number') return String(node);
  return null;
}

type ViewState = 'error' | 'loading' | 'empty' | 'no-results' | 'out-of-range' | 'rows';

// ---- the table ----

/**
 * The one table of every server-paged list: sortable headers, the four states (loading, empty, no results,
 * error), refetches that keep the rows, row links and actions, selection, and cards on phones.
 *
 * ```tsx
 * const list = useListState(customerListQuery);
 * const result = useListCustomersQuery(list.query);
 * <DataTable caption="Clientes" columns={COLUMNS} rows={result.data?.data} total={result.data?.meta.total}
 *   getRowId={(c) => c.id} rowLabel={(c) => c.name} rowHref={(c) => portalPaths.customer(c.id)}
 *   query={list.query} onSort={list.setSort} onPageOutOfRange={list.clampPage}
 *   isLoading={result.isLoading} isFetching={result.isFetching} error={result.error} onRetry={result.refetch}
 *   emptyState={{ title: 'Nenhum cliente cadastrado', action: newButton }}
 *   hasActiveSearch={list.hasActiveSearch} onClearSearch={list.clearSearch} countLabel={countLabel}
 *   pagination={{ onPageChange: list.setPage, onPerPageChange: list.setPerPage }} />
 * ```
 */
export function DataTable<Row, K extends string = string>(props: DataTableProps<Row, K>) {
  const {
    caption,
    columns,
    rows,
    total,
    getRowId,
    query,
    onSort,
    isLoading,
    isFetching = false,
    error,
    onRetry,
    emptyState,
    hasActiveSearch,
    onClearSearch,
    rowActions,
    rowHref,
    onRowClick,
    selection,
    pagination,
    onPageOutOfRange,
  } = props;
  const isMobile = useIsMobile();
  const hasError = error !== undefined && error !== null;
  const emptyActionLock = useLock(emptyState.actionNeed ?? 'edit');

  const outOfRange =
    rows !== undefined && rows.length === 0 && total !== undefined && total > 0 && query.page > lastPageOf(total, query.perPage);

  let state: ViewState;
  if (hasError) state = 'error';
  else if (isLoading || rows === undefined) state = 'loading';
  else if (outOfRange) state = onPageOutOfRange ? 'loading' : 'out-of-range';
  else if (rows.length === 0) state = hasActiveSearch ? 'no-results' : 'empty';
  else state = 'rows';

  useEffect(() => {
    if (outOfRange && !isFetching && !hasError && total !== undefined) onPageOutOfRange?.(total);
  }, [outOfRange, isFetching, hasError, total, onPageOutOfRange]);

  // The count is announced once the list settles, and again only when it changes (not on every page).
  const [announcement, setAnnouncement] = useState('');
  const settledCount = state === 'rows' || state === 'no-results' || state === 'empty' ? (total ?? rows?.length ?? 0) : null;
  const countLabel = props.countLabel ?? ((n: number) => (n === 1 ? '1 resultado' : `${n} resultados`));
  const settledText = settledCount !== null && !isFetching ? countLabel(settledCount) : null;
  useEffect(() => {
    if (settledText !== null) setAnnouncement(settledText);
  }, [settledText]);

  const primaryIndex = Math.max(0, columns.findIndex((column) => column.primary));
  const primary = columns[primaryIndex];
  const labelOf = (row: Row): string =>
    props.rowLabel?.(row) ?? (primary ? cellText(primary.cell(row)) : null) ?? getRowId(row);

  const paginationNode =
    pagination === undefined || pagination === null || pagination === false ? null : isPaginationConfig(pagination) ? (
      <Pagination
        {...pagination}
        page={pagination.page ?? query.page}
        perPage={pagination.perPage ?? query.perPage}
        total={pagination.total ?? total ?? 0}
      />
    ) : (
      pagination
    );

  const refreshing = isFetching && state === 'rows';
  const busy = state === 'loading' || isFetching;

  let content: ReactNode;
  if (state === 'error') {
    content = (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center">
        <AlertIcon className="h-6 w-6 text-red-700" />
        <div className="max-w-md space-y-1">
          <p className="font-semibold text-red-900">{props.errorTitle ?? 'Não foi possível carregar a lista.'}</p>
          <p className="text-sm text-red-800">{apiErrorMessage(error)}</p>
        </div>
        {onRetry ? (
          <Button variant="secondary" loading={isFetching} onClick={() => onRetry()}>
            Tentar novamente
          </Button>
        ) : null}
      </div>
    );
  } else if (state === 'empty') {
    content = (
      <EmptyState
        icon={emptyState.icon}
        title={emptyState.title}
        description={emptyState.description}
        action={emptyActionLock && emptyState.action ? <LockedActions reason={emptyActionLock} /> : emptyState.action}
      />
    );
  } else if (state === 'no-results') {
    content = (
      <EmptyState
        icon={<SearchIcon />}
        title={props.noResults?.title ?? 'Nenhum resultado'}
        description={props.noResults?.description ?? 'Nada corresponde à busca ou aos filtros aplicados.'}
        action={
          <Button variant="secondary" onClick={onClearSearch}>
            Limpar busca
          </Button>
        }
      />
    );
  } else if (state === 'out-of-range') {
    content = (
      <EmptyState
        title="Esta página não existe"
        description={`A lista tem ${lastPageOf(total ?? 0, query.perPage)} página(s). Escolha uma abaixo.`}
      />
    );
  } else {
    const view = {
      columns,
      primaryIndex,
      rows: state === 'rows' ? (rows ?? []) : [],
      loading: state === 'loading',
      skeletonRows: Math.min(Math.max(query.perPage, 1), 8),
      getRowId,
      labelOf,
      query,
      onSort,
      rowActions,
      rowHref,
      onRowClick,
      selection,
      busy,
      refreshing,
      caption,
    };
    content = isMobile ? <CardList {...view} /> : <Table {...view} />;
  }

  return (
    <div className="space-y-4">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="relative">
        {isFetching && state !== 'loading' && state !== 'error' ? (
          <div
            aria-hidden="true"
            data-testid="data-table-progress"
            className="absolute inset-x-0 top-0 z-10 h-0.5 overflow-hidden rounded-t-lg bg-accent-soft"
          >
            <div className="h-full w-full animate-pulse bg-accent motion-reduce:animate-none" />
          </div>
        ) : null}
        {content}
      </div>
      {(state === 'rows' || state === 'out-of-range') && paginationNode ? paginationNode : null}
    </div>
  );
}

// ---- desktop: a table ----

/** What a row's rendering needs besides its record and the columns (fresh on each render of the table). */
interface RowHandlers<Row> {
  getRowId: (row: Row) => string;
  labelOf: (row: Row) => string;
  rowActions?: (row: Row) => RowAction[];
  rowHref?: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  selection?: DataTableSelection;
}

/** What a row shows besides its cells, worked out once per render of the list. */
interface RowSummary<Row> {
  row: Row;
  id: string;
  label: string;
  href: string | undefined;
  selected: boolean;
  /** Null without `rowActions`. */
  actions: RowAction[] | null;
}

function rowSummariesOf<Row>(rows: readonly Row[], handlers: RowHandlers<Row>): RowSummary<Row>[] {
  return rows.map((row) => {
    const id = handlers.getRowId(row);
    return {
      row,
      id,
      label: handlers.labelOf(row),
      href: handlers.rowHref?.(row),
      selected: handlers.selection?.selected.has(id) ?? false,
      actions: handlers.rowActions ? handlers.rowActions(row) : null,
    };
  });
}

/** Everything the rows show besides their cells, as one string: equal strings, same rows. */
function rowsSignatureOf<Row>(summaries: readonly RowSummary<Row>[], handlers: RowHandlers<Row>): string {
  let signature = `${handlers.rowActions ? 'a' : ''}${handlers.selection ? 's' : ''}${handlers.onRowClick ? 'c' : ''}`;
  for (const { id, label, selected, href, actions } of summaries) {
    signature += `\u0001${id}\u0000${label}\u0000${selected ? 1 : 0}`;
    if (href !== undefined) signature += `\u0000${href}`;
    for (const action of actions ?? []) {
      signature += `\u0000${action.label}\u0002${action.disabled ? 1 : 0}\u0002${action.description ?? ''}\u0002${action.tone ?? ''}\u0002${action.need ?? ''}`;
    }
  }
  return signature;
}

/**
 * A row's actions as rendered, each running the action as the list's latest render describes it (the screen's
 * state may have changed since the row rendered).
 */
function latestActions<Row>(summary: RowSummary<Row>, latest: { readonly current: RowHandlers<Row> }): RowAction[] | null {
  return (
    summary.actions?.map((action) => ({
      ...action,
      onSelect: () => (latest.current.rowActions?.(summary.row).find((fresh) => fresh.label === action.label) ?? action).onSelect(),
    })) ?? null
  );
}

interface TableRowsProps<Row, K extends string> {
  rows: readonly Row[];
  /** This render's summaries of `rows` (used when the rows do render). */
  summaries: readonly RowSummary<Row>[];
  columns: readonly Column<Row, K>[];
  primaryIndex: number;
  clickable: boolean;
  /** rowsSignatureOf: the rows re-render only when it, the records or the columns change. */
  signature: string;
  /** This render's handlers (used when the rows do render). */
  handlers: RowHandlers<Row>;
  /** The latest handlers, for what runs later (a click, a chosen action). */
  latest: { readonly current: RowHandlers<Row> };
}

/** A row's checkbox: it toggles the row in the latest selection. */
function RowCheckbox<Row>({ summary, latest }: { summary: RowSummary<Row>; latest: { readonly current: RowHandlers<Row> } }) {
  const { id, label, selected } = summary;
  return (
    <Checkbox
      label={`Selecionar ${label}`}
      checked={selected}
      onChange={(checked) => {
        const current = latest.current.selection;
        if (current) toggleSelected(current, id, checked);
      }}
    />
  );
}

/** What a row's primary cell does when it is a button (`onRowClick`): the latest handler, with the row. */
function activateOf<Row>(summary: RowSummary<Row>, onRowClick: ((row: Row) => void) | undefined, latest: { readonly current: RowHandlers<Row> }) {
  return onRowClick ? () => latest.current.onRowClick?.(summary.row) : undefined;
}

/** TableRows and CardRows render again only when the records, the columns or what the rows show besides them change. */
function sameRows<Row, K extends string>(before: TableRowsProps<Row, K>, after: TableRowsProps<Row, K>): boolean {
  return (
    before.rows === after.rows &&
    before.columns === after.columns &&
    before.primaryIndex === after.primaryIndex &&
    before.clickable === after.clickable &&
    before.signature === after.signature
  );
}

/**
 * The table's rows, rendered again only when what they show changes: a list's screen also renders for what is
 * around its rows (a filter's options arriving, the loading feedback of a slow page, a dialog opening), and twenty
 * rows of links, badges and menus are the bulk of a render on a slow phone (measured with `npm run bench`). Cells are pure of their
 * record and their column (a screen whose cells use other state builds its columns in its render, so they change
 * with it); clicks and actions run the latest handlers.
 */
const TableRows = memo(
  function TableRows<Row, K extends string>({ summaries, columns, primaryIndex, clickable, handlers, latest }: TableRowsProps<Row, K>) {
    const { onRowClick, selection } = handlers;
    // Rows are keyed by their place on the page, not by record: the next page, another sort or a search shows other
    // records in the same rows, and updating twenty rows' texts and links costs a fraction of removing them and
    // creating twenty new ones (measured with `npm run bench`). A row keeps no state of its record: its cells are
    // pure of it and its menu and checkbox act on the row they are rendered with.
    return summaries.map((summary, index) => {
      const { row, label, href, selected } = summary;
      const actions = latestActions(summary, latest);
      return (
        <tr
          key={index}
          onClick={clickable ? followRowLink : undefined}
          data-selected={selected || undefined}
          className={cn('align-middle', clickable && 'cursor-pointer hover:bg-slate-50', selected && 'bg-accent-soft/40')}
        >
          {selection ? (
            <td className="px-4 py-3">
              <RowCheckbox summary={summary} latest={latest} />
            </td>
          ) : null}
          {columns.map((column, columnIndex) =>
            columnIndex === primaryIndex ? (
              <th key={column.id} scope="row" className={cn('px-4 py-3 text-left font-normal', column.className)}>
                <PrimaryCell content={column.cell(row)} href={href} onActivate={activateOf(summary, onRowClick, latest)} />
              </th>
            ) : (
              <td key={column.id} className={cn('px-4 py-3 text-slate-700', column.className)}>
                {column.cell(row)}
              </td>
            ),
          )}
          {actions ? (
            <td className="px-2 py-1.5 text-right">
              <RowActionsMenu label={label} actions={actions} />
            </td>
          ) : null}
        </tr>
      );
    });
  },
  sameRows,
) as <Row, K extends string>(props: TableRowsProps<Row, K>) => ReactNode;


interface ViewProps<Row, K extends string> {
  columns: readonly Column<Row, K>[];
  primaryIndex: number;
  rows: readonly Row[];
  loading: boolean;
  skeletonRows: number;
  getRowId: (row: Row) => string;
  labelOf: (row: Row) => string;
  query: { sort: string };
  onSort?: (key: K) => void;
  rowActions?: (row: Row) => RowAction[];
  rowHref?: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  selection?: DataTableSelection;
  busy: boolean;
  refreshing: boolean;
  caption: string;
}

function PrimaryCell({
  content,
  href,
  onActivate,
  className,
}: {
  content: ReactNode;
  /** The row's link (an app path, `rowHref`). */
  href?: string;
  /** Without a link: the cell is a button (`onRowClick`). */
  onActivate?: () => void;
  className?: string;
}) {
  const linkClass = cn(
    'rounded-sm font-medium text-slate-900 underline-offset-2 hover:text-accent-strong hover:underline',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-1',
    className,
  );
  // A plain anchor followed through the router (StableLink): a router Link renders again on every URL change, even
  // in kept rows (twenty per page, each page, sort and search; measured with `npm run bench`).
  if (href !== undefined) {
    return (
      <StableLink to={href} data-row-link="" className={linkClass}>
        {content}
      </StableLink>
    );
  }
  if (onActivate) {
    return (
      <button type="button" data-row-link="" className={cn(linkClass, 'text-left')} onClick={onActivate}>
        {content}
      </button>
    );
  }
  return <span className={cn('font-medium text-slate-900', className)}>{content}</span>;
}

function SelectAll<Row>({ rows, getRowId, selection }: { rows: readonly Row[]; getRowId: (row: Row) => string; selection: DataTableSelection }) {
  const ids = rows.map(getRowId);
  const selectedCount = ids.filter((id) => selection.selected.has(id)).length;
  return (
    <Checkbox
      label="Selecionar todos desta página"
      checked={ids.length > 0 && selectedCount === ids.length}
      indeterminate={selectedCount > 0 && selectedCount < ids.length}
      onChange={(checked) => {
        const next = new Set(selection.selected);
        for (const id of ids) {
          if (checked) next.add(id);
          else next.delete(id);
        }
        selection.onChange(next);
      }}
    />
  );
}

function toggleSelected(selection: DataTableSelection, id: string, checked: boolean) {
  const next = new Set(selection.selected);
  if (checked) next.add(id);
  else next.delete(id);
  selection.onChange(next);
}

/** What TableRows and CardRows get: this render's summaries and their signature, and the latest handlers for later. */
function useRowsProps<Row, K extends string>(view: ViewProps<Row, K>): TableRowsProps<Row, K> {
  const { columns, primaryIndex, rows, loading, getRowId, labelOf, rowActions, rowHref, onRowClick, selection } = view;
  const handlers: RowHandlers<Row> = { getRowId, labelOf, rowActions, rowHref, onRowClick, selection };
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const summaries = loading ? [] : rowSummariesOf(rows, handlers);
  return {
    rows,
    summaries,
    columns,
    primaryIndex,
    clickable: Boolean(rowHref || onRowClick),
    signature: rowsSignatureOf(summaries, handlers),
    handlers,
    latest,
  };
}

function Table<Row, K extends string>(props: ViewProps<Row, K>) {
  const { columns, primaryIndex, rows, loading, skeletonRows, getRowId, query, onSort, rowActions, selection, busy, refreshing, caption } = props;
  const rowsProps = useRowsProps(props);
  const sort = parseSort(query.sort);
  // A table wider than its box scrolls sideways: with no link, button or checkbox inside to reach it, the box
  // itself takes the focus (a named region), so the keyboard can scroll it too.
  const hasControls =
    rowsProps.clickable || Boolean(rowActions) || Boolean(selection) || (Boolean(onSort) && columns.some((column) => column.sortKey));
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
      {...(hasControls ? {} : { tabIndex: 0, role: 'region', 'aria-label': caption })}
    >
      <table
        aria-busy={busy || undefined}
        className={cn('w-full border-collapse text-left text-sm transition-opacity', refreshing && 'opacity-60')}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            {selection ? (
              <th scope="col" className="w-10 px-4 py-3">
                {loading ? <span className="sr-only">Seleção</span> : <SelectAll rows={rows} getRowId={getRowId} selection={selection} />}
              </th>
            ) : null}
            {columns.map((column) => {
              const sortable = column.sortKey !== undefined && onSort !== undefined;
              const direction = sortable ? (sort.key === column.sortKey ? sort.direction : 'none') : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={direction}
                  className={cn('whitespace-nowrap px-4 py-3 font-medium', column.className)}
                >
                  {sortable && column.sortKey !== undefined ? (
                    <button
                      type="button"
                      onClick={() => onSort?.(column.sortKey as K)}
                      className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
                    >
                      {column.header}
                      <SortIcon direction={direction ?? 'none'} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {rowActions ? (
              <th scope="col" className="w-14 px-2 py-3">
                <span className="sr-only">Ações</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={`skeleton-${index}`}>
                  {selection ? (
                    <td className="px-4 py-3">
                      <Skeleton className="h-4 w-4" />
                    </td>
                  ) : null}
                  {columns.map((column, columnIndex) => (
                    <td key={column.id} className="px-4 py-3">
                      <Skeleton className={cn('h-4', columnIndex === primaryIndex ? 'w-40' : 'w-24')} />
                    </td>
                  ))}
                  {rowActions ? (
                    <td className="px-2 py-3">
                      <Skeleton className="mx-auto h-6 w-6" />
                    </td>
                  ) : null}
                </tr>
              ))
            : (
                <TableRows {...rowsProps} />
              )}
        </tbody>
      </table>
    </div>
  );
}

// ---- phones: cards ----

function MobileSort<Row, K extends string>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly Column<Row, K>[];
  sort: string;
  onSort: (key: K) => void;
}) {
  const selectId = useId();
  const sortable = columns.filter((column): column is Column<Row, K> & { sortKey: K } => column.sortKey !== undefined);
  if (sortable.length === 0) return null;
  const current = parseSort(sort);
  const known = sortable.some((column) => column.sortKey === current.key);
  return (
    <div className="mb-3 flex items-center gap-2 text-sm">
      <label htmlFor={selectId} className="whitespace-nowrap text-slate-700">
        Ordenar por
      </label>
      <select
        id={selectId}
        value={current.key}
        onChange={(event) => {
          const key = sortable.find((column) => column.sortKey === event.target.value)?.sortKey;
          if (key !== undefined && key !== current.key) onSort(key);
        }}
        className={inputClasses(false, 'h-9 min-w-0 flex-1')}
      >
        {known ? null : <option value={current.key}>Padrão</option>}
        {sortable.map((column) => (
          <option key={column.id} value={column.sortKey}>
            {column.mobileLabel ?? column.header}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={!known}
        onClick={() => {
          const key = sortable.find((column) => column.sortKey === current.key)?.sortKey;
          if (key !== undefined) onSort(key);
        }}
        className="inline-flex h-9 shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring disabled:opacity-50"
      >
        <SortIcon direction={current.direction} />
        {current.direction === 'ascending' ? 'Crescente' : 'Decrescente'}
      </button>
    </div>
  );
}

function CardList<Row, K extends string>(props: ViewProps<Row, K>) {
  const { columns, rows, loading, skeletonRows, getRowId, query, onSort, selection, busy, refreshing, caption } = props;
  const rowsProps = useRowsProps(props);
  return (
    <div>
      {onSort ? <MobileSort columns={columns} sort={query.sort} onSort={onSort} /> : null}
      {selection && !loading && rows.length > 0 ? (
        <div className="mb-3 flex items-center gap-2 text-sm text-slate-700">
          <SelectAll rows={rows} getRowId={getRowId} selection={selection} />
          <span aria-hidden="true">Selecionar todos</span>
        </div>
      ) : null}
      <ul aria-label={caption} aria-busy={busy || undefined} className={cn('space-y-3 transition-opacity', refreshing && 'opacity-60')}>
        {loading ? (
          Array.from({ length: Math.min(skeletonRows, 5) }, (_, index) => (
            <li key={`skeleton-${index}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </li>
          ))
        ) : (
          <CardRows {...rowsProps} />
        )}
      </ul>
    </div>
  );
}

/** The cards of a phone's list: TableRows' rules (kept while what they show is the same, keyed by their place). */
const CardRows = memo(
  function CardRows<Row, K extends string>({ summaries, columns, primaryIndex, clickable, handlers, latest }: TableRowsProps<Row, K>) {
    const { onRowClick, selection } = handlers;
    const primary = columns[primaryIndex];
    const details = columns.filter((column, index) => index !== primaryIndex && !column.hideOnMobile);
    return summaries.map((summary, index) => {
      const { row, label, href, selected } = summary;
      const actions = latestActions(summary, latest);
      return (
        <li
          key={index}
          onClick={clickable ? followRowLink : undefined}
          className={cn(
            'rounded-lg border border-slate-200 bg-white p-4 shadow-sm',
            clickable && 'cursor-pointer active:bg-slate-50',
            selected && 'border-accent bg-accent-soft/30',
          )}
        >
          <div className="flex items-start gap-3">
            {selection ? (
              <div className="pt-1">
                <RowCheckbox summary={summary} latest={latest} />
              </div>
            ) : null}
            <div className="min-w-0 flex-1">
              {primary ? (
                <p className="break-words text-base">
                  <PrimaryCell content={primary.cell(row)} href={href} onActivate={activateOf(summary, onRowClick, latest)} />
                </p>
              ) : null}
              {details.length > 0 ? (
                <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  {details.map((column) => (
                    <div key={column.id} className="contents">
                      <dt className="text-slate-500">{column.mobileLabel ?? column.header}</dt>
                      <dd className="min-w-0 break-words text-slate-800">{column.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </div>
            {actions ? (
              <div className="-mr-2 -mt-1 shrink-0">
                <RowActionsMenu label={label} actions={actions} />
              </div>
            ) : null}
          </div>
        </li>
      );
    });
  },
  sameRows,
) as <Row, K extends string>(props: TableRowsProps<Row, K>) => ReactNode;
