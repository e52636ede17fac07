import * as Menu from '@radix-ui/react-dropdown-menu';
import { forwardRef, useEffect, useLayoutEffect, useRef, type ComponentPropsWithoutRef, type ElementRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { LoadedMenuProps } from './deferred-menu';

/** Radix gives the 100 ms submenu delay, the 1 s type-ahead and full keyboard support. */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

export const DropdownMenuContent = forwardRef<
  ElementRef<typeof Menu.Content>,
  ComponentPropsWithoutRef<typeof Menu.Content>
>(function DropdownMenuContent({ className, sideOffset = 6, align = 'end', loop = true, ...props }, ref) {
  return (
    <Menu.Portal>
      <Menu.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        loop={loop}
        className={cn(
          'z-50 min-w-[12rem] overflow-hidden rounded-lg border border-slate-200 bg-white p-1 text-slate-800 shadow-lg animate-fade-in',
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
});

export const DropdownMenuItem = forwardRef<
  ElementRef<typeof Menu.Item>,
  ComponentPropsWithoutRef<typeof Menu.Item>
>(function DropdownMenuItem({ className, ...props }, ref) {
  return (
    <Menu.Item
      ref={ref}
      className={cn(
        'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none',
        'data-[highlighted]:bg-slate-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    />
  );
});

export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2.5 py-2 text-sm font-semibold text-slate-900', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-slate-200', className)} {...props} />;
}

/**
 * The root of a menu that DeferredMenu (./deferred-menu.tsx) loads: `trigger` is the button it showed meanwhile,
 * now Radix's trigger; opened at once if it was pressed, focused if it had the focus.
 */
export function LoadedDropdownMenu({
  trigger,
  defaultOpen,
  openedWithKeyboard,
  focusTrigger,
  onOpenChange,
  children,
}: LoadedMenuProps & { onOpenChange?: (open: boolean) => void; children: ReactNode }) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focusTrigger && !defaultOpen) ref.current?.focus();
  }, [focusTrigger, defaultOpen]);
  useEffect(() => {
    if (!defaultOpen || !openedWithKeyboard) return undefined;
    // Radix focuses the menu itself when it opens already open; a key press puts the focus on the first item.
    const frame = requestAnimationFrame(() => {
      const menu = document.getElementById(ref.current?.getAttribute('aria-controls') ?? '');
      menu?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [defaultOpen, openedWithKeyboard]);
  return (
    <Menu.Root defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <Menu.Trigger asChild ref={ref}>
        {trigger}
      </Menu.Trigger>
      {children}
    </Menu.Root>
  );
}
