import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { isSearchable, searchText, type BackofficeSearchResults } from '@/contracts/backoffice-search';
import { ORDER_STATUS_LABELS } from '@/contracts/commerce';
import { formatCnpj } from '@/contracts/validators/cnpj';
import { SearchIcon } from '@/components/ui/icons';
import { useSearchBackofficeQuery } from '@/features/backoffice-dashboard/search-api';
import { subjectPath } from '@/features/notifications/subject-path';
import { cn } from '@/lib/cn';
import { formatBRL } from '@/lib/money';
import { foldText, searchDestinations } from '../../shared/registry-sidebar';
import { useStableNavigate } from '@/components/ui/stable-links';
import { BACKOFFICE_SCREENS } from './navigation';

/** Every back-office screen, by title and by the registry's keywords. */
const DESTINATIONS = searchDestinations(BACKOFFICE_SCREENS);

/** Typing pauses this long before the records are searched (screens are found at once, on the page). */
const SEARCH_DEBOUNCE_MS = 250;

interface Option {
  key: string;
  to: string;
  label: string;
  detail?: string;
}

interface Group {
  id: string;
  label: string;
  options: Option[];
}

function recordGroups(results: BackofficeSearchResults | undefined): Group[] {
  if (!results) return [];
  return [
    {
      id: 'orders',
      label: 'Pedidos',
      options: results.orders.map((order) => ({
        key: `order:${order.id}`,
        to: subjectPath({ kind: 'order', id: order.id }),
        label: `Pedido #${order.number}`,
        detail: `${order.assemblerName} · ${ORDER_STATUS_LABELS[order.status]} · ${formatBRL(order.total)}`,
      })),
    },
    {
      id: 'assemblers',
      label: 'Montadoras',
      options: results.assemblers.map((assembler) => ({
        key: `assembler:${assembler.id}`,
        to: subjectPath({ kind: 'assembler', id: assembler.id }),
        label: assembler.name,
        detail: `CNPJ ${formatCnpj(assembler.cnpj)}`,
      })),
    },
    {
      id: 'vpn-users',
      label: 'Usuários VPN',
      options: results.vpnUsers.map((vpnUser) => ({
        key: `vpn-user:${vpnUser.id}`,
        to: subjectPath({ kind: 'vpn-user', id: vpnUser.id, label: vpnUser.email }),
        label: vpnUser.name,
        detail: vpnUser.email,
      })),
    },
  ].filter((group) => group.options.length > 0);
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * "Buscar em toda aplicação...": the back-office screens (found as you type) and the records — orders by number,
 * builders by name or CNPJ, VPN users by name or e-mail — from the back-office search endpoint, grouped by kind.
 * Ctrl+K (⌘K) focuses it; arrows move through the results, Enter opens one, Escape closes the list (and, with the
 * list closed, clears the text).
 */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useStableNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  /** The list closes a moment after the box loses focus (a click on an option lands first); focus back cancels it. */
  const closeTimer = useRef<number | undefined>(undefined);

  const debounced = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const remoteText = searchText(debounced);
  const searchable = isSearchable(debounced);
  const remote = useSearchBackofficeQuery(remoteText, { skip: !searchable });
  // Results of an older text stay hidden: only those of what the box says now (after the pause) show.
  const current = remote.currentData && remote.currentData.q === searchText(query) ? remote.currentData : undefined;

  const groups = useMemo<Group[]>(() => {
    const q = foldText(query.trim());
    const screens: Group = {
      id: 'screens',
      label: 'Telas',
      options: q
        ? DESTINATIONS.filter((d) => d.text.includes(q)).map((d) => ({ key: `screen:${d.to}`, to: d.to, label: d.title }))
        : [],
    };
    return [screens, ...recordGroups(current)].filter((group) => group.options.length > 0);
  }, [query, current]);
  const options = groups.flatMap((group) => group.options);
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  // Ctrl+K / ⌘K from anywhere in the back office.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const go = (option: Option | undefined) => {
    if (!option) return;
    navigate(option.to);
    setQuery('');
    setOpen(false);
    inputRef.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive(Math.min(activeIndex + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(options[activeIndex]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open && query.trim() !== '') setOpen(false);
      else setQuery('');
    }
  };

  const trimmed = query.trim();
  const showList = open && trimmed !== '';
  const waiting = isSearchable(query) && (query !== debounced || remote.isFetching) && !current;
  let status: ReactNode = null;
  if (waiting) status = 'Buscando pedidos, montadoras e usuários VPN…';
  else if (remote.isError && searchable) status = 'Não foi possível buscar os registros agora. As telas continuam listadas.';
  else if (options.length === 0) status = `Nada encontrado para “${trimmed}”.`;
  else if (!isSearchable(query)) status = 'Digite ao menos 2 caracteres para buscar pedidos, montadoras e usuários VPN.';

  let index = -1;
  return (
    <div className={cn('relative', className)}>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-500" />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Buscar em toda aplicação"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-keyshortcuts="Control+K Meta+K"
        aria-activedescendant={showList && options[activeIndex] ? `${listId}-${activeIndex}` : undefined}
        placeholder="Buscar em toda aplicação..."
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => setOpen(false), 120);
        }}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-slate-300 bg-white pl-9 pr-14 text-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-accent-ring"
      />
      <kbd
        aria-hidden="true"
        className="pointer-events-none absolute right-2 top-1/2 hidden -translate-y-1/2 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-[11px] text-slate-600 sm:block"
      >
        Ctrl K
      </kbd>
      {showList ? (
        <div className="absolute left-0 right-0 top-11 z-30 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg sm:min-w-[22rem]">
          <ul id={listId} role="listbox" aria-label="Resultados da busca">
            {groups.map((group) => (
              <li key={group.id} role="presentation">
                <ul role="group" aria-labelledby={`${listId}-${group.id}`}>
                  <li
                    role="presentation"
                    id={`${listId}-${group.id}`}
                    className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600"
                  >
                    {group.label}
                  </li>
                  {group.options.map((option) => {
                    index += 1;
                    const position = index;
                    return (
                      <li
                        key={option.key}
                        id={`${listId}-${position}`}
                        role="option"
                        aria-selected={position === activeIndex}
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseEnter={() => setActive(position)}
                        onClick={() => go(option)}
                        className={cn(
                          'cursor-pointer px-3 py-2 text-sm',
                          position === activeIndex ? 'bg-accent-soft text-slate-900' : 'text-slate-800',
                        )}
                      >
                        <span className="block font-medium">{option.label}</span>
                        {option.detail ? <span className="block text-xs text-slate-600">{option.detail}</span> : null}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
          {status ? (
            <p role="status" className="px-3 py-2 text-sm text-slate-600">
              {status}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
