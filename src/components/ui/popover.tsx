import * as PopoverPrimitive from '@radix-ui/react-popover';
import {
  forwardRef,
  useCallback,
  useState,
  type ComponentPropsWithoutRef,
  type ElementRef,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/cn';

/**
 * Radix Popover: a non-modal panel (role="dialog") anchored to its trigger. Escape, a click outside or focus
 * leaving it closes it; focus returns to the trigger (unless the user clicked elsewhere); opening moves focus
 * to the first focusable element inside. For free-form content (lists, messages) that a role="menu" may not hold.
 *
 * Two ways to use it:
 * - composed: `PopoverRoot` + `PopoverTrigger` + `PopoverContent` (+ `PopoverClose`, `PopoverAnchor`);
 * - the ready `Popover` below: an icon-sized trigger button and a labelled panel.
 */
export const PopoverRoot = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;
export const PopoverClose = PopoverPrimitive.Close;

/** The panel, portalled; give it an accessible name (`aria-label` or `aria-labelledby`). */
export const PopoverContent = forwardRef<
  ElementRef<typeof PopoverPrimitive.Content>,
  ComponentPropsWithoutRef<typeof PopoverPrimitive.Content>
>(function PopoverContent({ className, align = 'end', sideOffset = 8, collisionPadding = 12, ...props }, ref) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        ref={ref}
        align={align}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 max-w-[calc(100vw-1.5rem)] rounded-lg border border-slate-200 bg-white text-slate-800 shadow-lg outline-none animate-fade-in',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
});

export interface PopoverProps {
  /** Accessible name of the panel. */
  label: string;
  /** What the trigger button shows (an icon, a badge). */
  trigger: ReactNode;
  /** Accessible name of the trigger button. */
  triggerLabel: string;
  triggerClassName?: string;
  /** Classes of the panel (its width, e.g. `w-80`). */
  className?: string;
  /** The content, or a function of `close` (closes the panel and returns focus to the trigger). */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
}

/** A trigger button and its labelled panel, on Radix Popover (see the composed parts above). */
export function Popover({
  label,
  trigger,
  triggerLabel,
  triggerClassName,
  className,
  children,
  open: openProp,
  onOpenChange,
  side = 'bottom',
  align = 'end',
}: PopoverProps) {
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const close = useCallback(() => setOpen(false), [setOpen]);

  return (
    <PopoverRoot open={open} onOpenChange={setOpen}>
      <PopoverTrigger aria-label={triggerLabel} className={triggerClassName}>
        {trigger}
      </PopoverTrigger>
      <PopoverContent aria-label={label} side={side} align={align} className={className}>
        {typeof children === 'function' ? children(close) : children}
      </PopoverContent>
    </PopoverRoot>
  );
}
