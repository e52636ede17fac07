import type { ComponentType, SVGProps } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RouteErrorElement } from '@/components/ui/route-error';
import { PageLoader } from '@/components/ui/spinner';
import type { Capability } from '@/contracts/team-roles';
import { lazyScreen } from './lazy-screen';
import { NotFoundRoute } from './not-found-route';
import { RootLayout } from './root-layout';
import type { RouteCrumb, RouteHandle } from './route-meta';

/** A screen module: its default export is the screen (its own chunk). */
export type ScreenModule = { default: ComponentType };

/**
 * One screen of an area, registered once (architecture.md "Screens are registered once"): the route table, the
 * sidebar, the breadcrumb, the document title, the back office's search and the preloading derive from it.
 */
export interface ScreenEntry<Group extends string = string> {
  /** Unique in the area; also the route's id and what `parent` refers to. */
  id: string;
  /** Route path (or pattern, e.g. '/customers/:id') from config/paths.ts, relative to the area's basename. */
  path: string;
  /** The <h1>, the breadcrumb's last crumb and the document title. */
  title: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  /** An entry of the sidebar: its group, a shorter label than the title, the accent, exact matching. */
  sidebar?: { group: Group; label?: string; highlight?: boolean; end?: boolean };
  /** The breadcrumb parent (a detail page's list): another entry's id. */
  parent?: string;
  /** More words the back office's search finds the screen by (its title always counts). */
  keywords?: readonly string[];
  /** Shown before sign-in, outside the shell (sign-in, registration); its first load stays light. */
  light?: boolean;
  /**
   * A sign-in page that needs no session state to show itself: without a session to restore, the identity SDK
   * loads with the visitor's first interaction (src/app/shared/identity-start.ts).
   */
  identityOnInteraction?: boolean;
  /** Loads the screen's module. */
  load: () => Promise<ScreenModule>;
  /** What the signed-in person's role must allow (src/contracts/team-roles.ts); otherwise the screen says why instead. */
  need?: Capability;
  /** Where that refusal leads back to, when not the breadcrumb parent (an entry's id; the Dashboard otherwise). */
  backTo?: string;
}

/** The sidebar's groups, in order; a group without a label follows the previous one without a heading. */
export interface SidebarGroupDef<Group extends string = string> {
  id: Group;
  label?: string;
}

function trailOf(entry: ScreenEntry, byId: ReadonlyMap<string, ScreenEntry>): RouteCrumb[] {
  const trail: RouteCrumb[] = [];
  // Bounded walk: a cycle of parents cannot hang the boot.
  for (let parent = byId.get(entry.parent ?? ''); parent && trail.length < 5; parent = byId.get(parent.parent ?? '')) {
    trail.unshift({ title: parent.title, path: parent.path });
  }
  return trail;
}

/**
 * The screen behind its role check: loaded as usual, shown only when the role allows `need`. The check (the role's
 * query) comes with the screen's chunk, never in the area's first load.
 */
function gatedLoad(
  load: () => Promise<ScreenModule>,
  need: Capability,
  title: string,
  back: RouteCrumb | undefined,
): () => Promise<ScreenModule> {
  return async () => {
    const [{ default: Screen }, { CapabilityGate }] = await Promise.all([load(), import('./capability-gate')]);
    function GatedScreen() {
      return (
        <CapabilityGate need={need} title={title} back={back}>
          <Screen />
        </CapabilityGate>
      );
    }
    return { default: GatedScreen };
  };
}

function screenRoute(entry: ScreenEntry, byId: ReadonlyMap<string, ScreenEntry>): RouteObject {
  const trail = trailOf(entry, byId);
  const handle: RouteHandle = {
    title: entry.title,
    ...(entry.light ? { light: true } : {}),
    ...(entry.identityOnInteraction ? { identityOnInteraction: true } : {}),
    ...(trail.length ? { trail } : {}),
  };
  const backEntry = byId.get(entry.backTo ?? entry.parent ?? '');
  const back = backEntry ? { title: backEntry.title, path: backEntry.path } : undefined;
  const lazy = lazyScreen(entry.need ? gatedLoad(entry.load, entry.need, entry.title, back) : entry.load);
  if (entry.path === '/') return { id: entry.id, index: true, handle, lazy };
  return { id: entry.id, path: entry.path.replace(/^\//, ''), handle, lazy };
}

/**
 * The area's route table from its registry (the routes docs/architecture.md lists under "Areas, hosts and routes"): the
 * root layout; the light pages (no shell); the lazy shell (sign-in required) with every other screen as a child;
 * the 404. Every screen is its own chunk.
 */
export function registryRoutes(screens: readonly ScreenEntry[], loadShell: () => Promise<ScreenModule>): RouteObject[] {
  const byId = new Map(screens.map((entry) => [entry.id, entry]));
  const routesOf = (light: boolean) => screens.filter((s) => (s.light === true) === light).map((s) => screenRoute(s, byId));
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorElement />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        ...routesOf(true),
        { lazy: lazyScreen(loadShell), errorElement: <RouteErrorElement />, children: routesOf(false) },
        { path: '*', handle: { title: 'Página não encontrada' } satisfies RouteHandle, element: <NotFoundRoute /> },
      ],
    },
  ];
}
