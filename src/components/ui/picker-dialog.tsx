import { useId, type ReactNode } from 'react';
import { apiErrorMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { SearchInput } from './search-input';
import { Skeleton } from './skeleton';

export interface PickerOption {
  id: string;
  label: string;
  /** A second line (model, customer, site…). */
  description?: ReactNode;
  /** A short note beside the label ("Já tem um dispositivo"). */
  note?: string;
  disabled?: boolean;
}

export interface PickerDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  /** The search box's label ("Buscar máquinas"). */
  searchLabel: string;
  searchPlaceholder?: string;
  /** The search the options answer; `onSearch` is called as the user types (debounced). */
  search: string;
  onSearch(q: string): void;
  /** The options of the current search; undefined until the first answer. */
  options: readonly PickerOption[] | undefined;
  isLoading: boolean;
  isFetching?: boolean;
  /** Loading the options failed: said in the list, with "Tentar novamente" when `onRetry` is given. */
  error?: unknown;
  onRetry?(): void;
  /** Nothing to choose from at all ("Nenhuma máquina cadastrada"); may hold a link to create one. */
  emptyState: ReactNode;
  /** The search matched nothing. Default "Nada corresponde à busca." */
  noResultsText?: string;
  /** Under the options ("Mostrando 100 de 240: refine a busca"). */
  footnote?: ReactNode;
  selected: string | null;
  onSelect(id: string): void;
  confirmLabel: string;
  onConfirm(): void;
  /** Confirming: the button spins, the dialog stays open until the caller closes it. */
  pending?: boolean;
  /** Why the last confirm failed (role="alert"), with any action the caller adds (e.g. "Mover mesmo assim"). */
  problem?: ReactNode;
}

/**
 * Choosing one record from a searchable list, in a dialog: a search box, the options as radio buttons (arrow keys
 * move between them), and a confirm button enabled once one is chosen. The caller fetches the options for
 * `search` and closes the dialog when its work is done.
 *
 * ```tsx
 * <PickerDialog open={open} onOpenChange={setOpen} title="Vincular máquina" searchLabel="Buscar máquinas"
 *   search={q} onSearch={setQ} options={machines} isLoading={isLoading} emptyState="Nenhuma máquina cadastrada."
 *   selected={chosen} onSelect={setChosen} confirmLabel="Vincular" onConfirm={link} pending={linking} />
 * ```
 */
export function PickerDialog({
  open,
  onOpenChange,
  title,
  description,
  searchLabel,
  searchPlaceholder,
  search,
  onSearch,
  options,
  isLoading,
  isFetching = false,
  error,
  onRetry,
  emptyState,
  noResultsText = 'Nada corresponde à busca.',
  footnote,
  selected,
  onSelect,
  confirmLabel,
  onConfirm,
  pending = false,
  problem,
}: PickerDialogProps) {
  const name = useId();
  const listLabelId = useId();
  const hasError = error !== undefined && error !== null;

  let body: ReactNode;
  if (hasError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {apiErrorMessage(error)}
        {onRetry ? (
          <Button variant="secondary" size="sm" loading={isFetching} onClick={onRetry}>
            Tentar novamente
          </Button>
        ) : null}
      </div>
    );
  } else if (isLoading || options === undefined) {
    body = (
      <div aria-busy="true" className="space-y-2">
        <p role="status" className="sr-only">
          Carregando…
        </p>
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  } else if (options.length === 0) {
    body = <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">{search ? noResultsText : emptyState}</div>;
  } else {
    body = (
      <div
        role="radiogroup"
        aria-labelledby={listLabelId}
        aria-busy={isFetching || undefined}
        className={cn('max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200', isFetching && 'opacity-60')}
      >
        {options.map((option) => {
          const checked = option.id === selected;
          return (
            <label
              key={option.id}
              className={cn(
                'flex cursor-pointer items-start gap-3 px-3 py-2.5 text-sm hover:bg-slate-50',
                checked && 'bg-accent-soft/50',
                option.disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={checked}
                disabled={option.disabled || pending}
                onChange={() => onSelect(option.id)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium text-slate-900">{option.label}</span>
                  {option.note ? <span className="text-xs text-amber-900">{option.note}</span> : null}
                </span>
                {option.description ? <span className="block text-slate-600">{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || !pending) onOpenChange(next);
      }}
    >
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <SearchInput label={searchLabel} placeholder={searchPlaceholder} value={search} onSearch={onSearch} />
        <div className="space-y-2">
          <p id={listLabelId} className="sr-only">
            {title}
          </p>
          {body}
          {footnote ? <p className="text-xs text-slate-600">{footnote}</p> : null}
        </div>
        {problem ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button disabled={selected === null} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
