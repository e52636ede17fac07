import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_SEARCH_LENGTH } from '@/contracts/common';
import { cn } from '@/lib/cn';
import { inputClasses } from './field';
import { CloseIcon, SearchIcon } from './icons';

/** How long after the last keystroke the search is sent (scripts/bench.mjs measures from there). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchInputProps {
  /** The search the list shows now (the URL's `q`). */
  value: string;
  /** Called `delayMs` after the user stops typing, at once on Enter, on Escape and on the clear button. */
  onSearch: (q: string) => void;
  /** The field's label ("Buscar clientes"); read by screen readers, shown when `showLabel`. */
  label: string;
  showLabel?: boolean;
  placeholder?: string;
  delayMs?: number;
  /**
   * The clear button's name. Not "Limpar busca": that is the no-results state's button (which also clears the
   * filters), and two buttons of one name on a screen are ambiguous for people and for tests.
   */
  clearLabel?: string;
  maxLength?: number;
  className?: string;
  id?: string;
}

/**
 * A labelled search box with a debounced `onSearch`. It keeps what the user types locally and follows `value` when
 * that changes from outside (the back button, "Limpar busca"), without fighting the user's typing.
 */
export function SearchInput({
  value,
  onSearch,
  label,
  showLabel = false,
  placeholder,
  delayMs = SEARCH_DEBOUNCE_MS,
  clearLabel = 'Limpar campo de busca',
  maxLength = MAX_SEARCH_LENGTH,
  className,
  id,
}: SearchInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [text, setText] = useState(value);
  const textRef = useRef(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /**
   * The last search this box sent, until the list echoes it back as `value`. On a slow device the echo can arrive
   * after the user typed on: it is not a change from outside, and adopting it would drop what was typed since.
   */
  const sent = useRef<string | null>(null);
  // The latest callback, so a pending search always calls the current one.
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  const cancel = useCallback(() => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
  }, []);

  const send = useCallback((next: string) => {
    sent.current = next.trim();
    onSearchRef.current(next.trim());
  }, []);

  const emit = useCallback(
    (next: string) => {
      cancel();
      send(next);
    },
    [cancel, send],
  );

  // `value` changed from outside: adopt it unless it is just what the user typed (normalised by the list), or the
  // echo of the search this box sent while the user has typed on since.
  useEffect(() => {
    const echo = sent.current !== null && sent.current === value;
    sent.current = null;
    if (echo || textRef.current.trim() === value) return;
    cancel();
    textRef.current = value;
    setText(value);
  }, [value, cancel]);

  useEffect(() => cancel, [cancel]);

  const change = (next: string) => {
    textRef.current = next;
    setText(next);
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      send(next);
    }, delayMs);
  };

  const clear = () => {
    textRef.current = '';
    setText('');
    emit('');
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      emit(text);
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      clear();
    }
  };

  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={inputId} className={showLabel ? 'mb-1.5 block text-sm font-medium text-slate-800' : 'sr-only'}>
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={text}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          // The native cancel button of WebKit duplicates ours.
          className={inputClasses(false, 'pl-9 pr-10 [&::-webkit-search-cancel-button]:appearance-none')}
        />
        {text !== '' ? (
          <button
            type="button"
            onClick={clear}
            aria-label={clearLabel}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
