import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { foldText, searchDestinations, type SearchDestination } from '../../shared/registry-sidebar';
import { BACKOFFICE_SCREENS } from './navigation';

/** Every back-office screen, by title and by the registry's keywords. */
const DESTINATIONS = searchDestinations(BACKOFFICE_SCREENS);

/** "Buscar em toda aplicação...": finds back-office screens by name or subject and opens them. */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const results = useMemo(() => {
    const q = foldText(query.trim());
    if (!q) return [];
    return DESTINATIONS.filter((d) => d.text.includes(q));
  }, [query]);

  const go = (destination: SearchDestination | undefined) => {
    if (!destination) return;
    navigate(destination.to);
    setQuery('');
    setOpen(false);
    inputRef.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(results.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(results[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList = open && query.trim() !== '';
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
        aria-activedescendant={showList && results[active] ? `${listId}-${active}` : undefined}
        placeholder="Buscar em toda aplicação..."
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 120)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-accent-ring"
      />
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Resultados da busca"
          className="absolute left-0 right-0 top-11 z-30 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {results.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600" role="presentation">
              Nada encontrado para “{query.trim()}”.
            </li>
          ) : (
            results.map((destination, index) => (
              <li
                key={destination.to}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(destination)}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  index === active ? 'bg-accent-soft text-slate-900' : 'text-slate-800',
                )}
              >
                {destination.title}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
