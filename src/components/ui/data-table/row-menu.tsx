// The row's actions menu (RowActionsMenu): a plain button until first used, then a Radix dropdown.

import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../dropdown-menu';
import { lockRowAction, useLocks } from '../permissions';
import { MoreIcon } from './icons';
import type { RowAction } from './types';

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
