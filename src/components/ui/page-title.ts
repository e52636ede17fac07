import { createContext, useContext, useEffect, useId } from 'react';

/**
 * The current page's title: the screen registry's title of the matched route, or the name a detail screen
 * gave (`useBreadcrumbTitle`). The app's root layout provides it; the breadcrumb's last crumb, the document
 * title and the screens' <h1> read it, so a title is written once (in the area's navigation registry).
 */
export interface PageTitleContextValue {
  /** The effective title: a detail screen's record name, else the registry's title ('' outside any route). */
  title: string;
  /** The registry's title of the matched route, whatever a screen set. */
  routeTitle: string;
  /** Sets (name) or clears (undefined) the title on behalf of `owner` (a screen's hook instance). */
  setName: (owner: string, name: string | undefined) => void;
}

export const PageTitleContext = createContext<PageTitleContextValue | null>(null);

/** The current page's title, for its <h1>. */
export function usePageTitle(): string {
  return useContext(PageTitleContext)?.title ?? '';
}

/**
 * A detail screen names its record: `useBreadcrumbTitle(customer?.name)` replaces the last crumb and the document
 * title with the name once it is known (undefined keeps the registry's title, e.g. "Cliente", while loading);
 * leaving the screen gives the title back. Pass the name of this page's record only (not stale data of the
 * previous one).
 */
export function useBreadcrumbTitle(name: string | undefined): void {
  const setName = useContext(PageTitleContext)?.setName;
  const owner = useId();
  const value = name?.trim() || undefined;
  useEffect(() => {
    if (!setName) return undefined;
    setName(owner, value);
    return () => setName(owner, undefined);
  }, [setName, owner, value]);
}
