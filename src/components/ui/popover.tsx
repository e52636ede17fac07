import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A non-modal popover: a button that opens a labelled panel (role="dialog") below it. Escape or a click
 * outside closes it and focus returns to the button; opening moves focus into the panel. For free-form
 * content (lists, messages) that a role="menu" may not hold.
 */
export function Popover({
  label,
  trigger,
  triggerLabel,
  triggerClassName,
  className,
  children,
}: {
  /** Accessible name of the panel. */
  label: string;
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  className?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    panelRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={label}
          tabIndex={-1}
          onBlur={(event) => {
            if (rootRef.current && event.relatedTarget && !rootRef.current.contains(event.relatedTarget as Node)) {
              close(false);
            }
          }}
          className={cn(
            'absolute right-0 top-full z-50 mt-2 max-w-[calc(100vw-1.5rem)] rounded-lg border border-slate-200 bg-white text-slate-800 shadow-lg animate-fade-in focus:outline-none',
            className,
          )}
        >
          {typeof children === 'function' ? children(() => close()) : children}
        </div>
      ) : null}
    </div>
  );
}
