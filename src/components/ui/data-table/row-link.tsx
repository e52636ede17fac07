// The row's link: the primary cell (a link with `rowHref`, a button with `onRowClick`) and the click anywhere on a
// row or card that follows it.

import type { MouseEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { isPlainLeftClick, StableLink } from '../stable-links';

/** Elements a click on the row must leave alone (they do their own thing). */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="menuitem"], [role="checkbox"], [contenteditable="true"]';

/** A click on the row (or card) outside its controls follows the row's link: the link itself is the keyboard way. */
export function followRowLink(event: MouseEvent<HTMLElement>) {
  if (!isPlainLeftClick(event)) return;
  const target = event.target;
  // Clicks bubbling from portals (the actions menu) are not clicks on the row.
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return;
  if (target.closest(INTERACTIVE)) return;
  if (window.getSelection()?.toString()) return;
  event.currentTarget.querySelector<HTMLElement>('[data-row-link]')?.click();
}

export function PrimaryCell({
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
