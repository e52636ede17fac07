import { createElement, Fragment, memo, useEffect, useMemo, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isActivePath, SidebarGroupLabel, SidebarLink } from '@/components/ui/sidebar';
import { afterElementPainted } from '@/lib/after-paint';
import { loadInBackground } from '@/lib/reload-on-chunk-error';
import type { ScreenEntry, ScreenModule, SidebarGroupDef } from './screen-registry';

/** Shell side of the screen registry: the sidebar's entries, their preloading, the back office's search. */

export interface SidebarItem {
  id: string;
  to: string;
  label: string;
  icon?: ScreenEntry['icon'];
  end: boolean;
  highlight: boolean;
  load: () => Promise<ScreenModule>;
}

export interface SidebarSection {
  id: string;
  label?: string;
  items: SidebarItem[];
}

/** The registry's sidebar entries by group, groups in their declared order, entries in registry order. */
export function sidebarSections<G extends string>(
  screens: readonly ScreenEntry<G>[],
  groups: readonly SidebarGroupDef<G>[],
): SidebarSection[] {
  return groups.map((group) => ({
    id: group.id,
    label: group.label,
    items: screens.flatMap((s) =>
      s.sidebar?.group === group.id
        ? [
            {
              id: s.id,
              to: s.path,
              label: s.sidebar.label ?? s.title,
              icon: s.icon,
              end: s.sidebar.end === true,
              highlight: s.sidebar.highlight === true,
              load: s.load,
            },
          ]
        : [],
    ),
  }));
}

export interface SearchDestination {
  to: string;
  title: string;
  /** Title and keywords, accents folded, lower case. */
  text: string;
}

export const foldText = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Every screen of the shell that a link can open without parameters, findable by title and keywords. */
export function searchDestinations(screens: readonly ScreenEntry[]): SearchDestination[] {
  return screens
    .filter((s) => !s.light && !s.path.includes(':'))
    .map((s) => ({ to: s.path, title: s.title, text: foldText([s.title, ...(s.keywords ?? [])].join(' ')) }));
}

const requested = new Set<() => Promise<unknown>>();

/** Fetches (and evaluates) a screen's chunk once; a failure is left to the route's own load to report. */
export function preloadScreen(load: () => Promise<unknown>): Promise<unknown> {
  if (requested.has(load)) return Promise.resolve();
  requested.add(load);
  return loadInBackground(load).catch(() => requested.delete(load));
}

function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

const whenIdle = (fn: () => void) =>
  window.requestIdleCallback ? window.requestIdleCallback(fn, { timeout: 5000 }) : window.setTimeout(fn, 200);

/**
 * Once the shell's first screen is painted (its title, `main h1`, in the page: the shell paints before a screen whose
 * code is still loading), the chunks of the sidebar's screens load one by one in idle time (never before that
 * paint, never in parallel; not at all with Save-Data), so the next click is instant.
 */
export function useIdlePreload(loads: ReadonlyArray<() => Promise<unknown>>): void {
  useEffect(() => {
    if (saveData()) return undefined;
    let cancelled = false;
    const queue = [...loads];
    const next = () => {
      if (cancelled) return;
      const load = queue.shift();
      if (!load) return;
      void preloadScreen(load).finally(() => whenIdle(next));
    };
    afterElementPainted('main h1', next);
    return () => {
      cancelled = true;
    };
  }, [loads]);
}

/**
 * The sidebar's groups of links; pointing at or focusing an entry starts loading its screen. Only this reads the
 * location: an entry renders again when it becomes active or stops being so, not on every navigation.
 */
export const RegistrySidebarNav = memo(function RegistrySidebarNav({ sections }: { sections: readonly SidebarSection[] }) {
  const { pathname } = useLocation();
  const icons = useMemo(
    () =>
      new Map<string, ReactNode>(
        sections.flatMap((section) => section.items.map((item) => [item.id, item.icon ? createElement(item.icon) : null] as const)),
      ),
    [sections],
  );
  return sections.map((section) => {
    // Event delegation: SidebarLink renders the <li>; its position in the list is the item's.
    const intent = (event: PointerEvent<HTMLUListElement> | FocusEvent<HTMLUListElement>) => {
      const li = event.target instanceof Element ? event.target.closest('li') : null;
      const item = li ? section.items[Array.prototype.indexOf.call(event.currentTarget.children, li)] : undefined;
      if (item) void preloadScreen(item.load);
    };
    return (
      <Fragment key={section.id}>
        {section.label ? <SidebarGroupLabel>{section.label}</SidebarGroupLabel> : null}
        <ul className="space-y-1" onPointerOver={intent} onFocus={intent}>
          {section.items.map(({ id, to, label, end, highlight }) => (
            <SidebarLink key={id} to={to} label={label} icon={icons.get(id)} active={isActivePath(pathname, to, end)} highlight={highlight} />
          ))}
        </ul>
      </Fragment>
    );
  });
});
