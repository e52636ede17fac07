// The build's chunk rule for the app's own code (vite.config.ts, output.codeSplitting.groups): derived from the
// import graph, never from file names, so a renamed file or a new feature folder never touches the build config.
//
// - First screens: the modules that the entry's code (index.html → src/main.tsx and its static imports) imports
//   dynamically from `src/app/areas/<area>/` — each area's module and the sign-in screens main.tsx prefetches;
//   their folder names the area.
// - A source module that the first screens of two or more areas import statically (directly or not) goes to one
//   chunk per set of areas: `first-load` (every area: the landing and both sign-in pages paint with it) or
//   `first-load-<areas>` (e.g. `first-load-backoffice-portal`: the sign-in pieces). Each of those modules is
//   already part of every first load that gets its chunk, so grouping only saves requests: a module that no first
//   screen imports statically (data-table, form kit, dialogs, zod contracts, Radix...) can never get into one.
//   What one area alone needs stays in that area's chunks; what the entry imports stays in the entry.
// - `api`: RTK Query, the modules of `src/lib/api/` that run it (outside the first loads), and the modules that
//   only those import: they arrive with the first submit or signed-in screen, and nothing else drags them along.
//
// The rule reads the graph through Rolldown's chunking context (`getModuleInfo`), once per build.

/** What this rule reads of Rolldown's ModuleInfo. */
interface GraphModule {
  isEntry: boolean;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
interface GraphContext {
  getModuleInfo(id: string): GraphModule | null;
}

const RTK_QUERY = /node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/;
const CODE = /\.(?:[cm]?[jt]sx?|json)$/;

interface Analysis {
  /** Areas whose first screens import a source module statically (not counting what the entry has). */
  areasOf: Map<string, Set<string>>;
  allAreas: Set<string>;
  api: Set<string>;
}

export function firstLoadChunks(srcDir: string) {
  const src = `${srcDir.replace(/\\/g, '/').replace(/\/$/, '')}/`;
  const norm = (id: string) => id.replace(/\\/g, '/');
  /** A module of src/ with code (no virtual module, no ?query, no CSS). */
  const isSource = (id: string) => {
    const path = norm(id);
    return path.startsWith(src) && !path.includes('/node_modules/') && !path.includes('?') && CODE.test(path);
  };
  let analysis: Analysis | null = null;

  function closure(ctx: GraphContext, roots: Iterable<string>, dynamic = false): Set<string> {
    const seen = new Set<string>();
    const stack = [...roots];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      for (const next of info.importedIds) if (dynamic || isSource(next)) stack.push(next);
      if (dynamic) stack.push(...info.dynamicallyImportedIds);
    }
    return seen;
  }

  function analyse(ctx: GraphContext, someId: string): Analysis {
    // The entries: walk up from the first module asked about.
    const entries = new Set<string>();
    const up = new Set<string>();
    const stack = [someId];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (up.has(id)) continue;
      up.add(id);
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      if (info.isEntry) entries.add(id);
      stack.push(...info.importers, ...info.dynamicImporters);
    }
    const inEntry = closure(ctx, entries);
    const areasOf = new Map<string, Set<string>>();
    const allAreas = new Set<string>();
    for (const inEntryId of inEntry) {
      for (const root of ctx.getModuleInfo(inEntryId)?.dynamicallyImportedIds ?? []) {
        const area = /^app\/areas\/([^/]+)\//.exec(norm(root).slice(src.length))?.[1];
        if (!isSource(root) || !area) continue; // the demo backend, the config error page: not first screens
        allAreas.add(area);
        for (const id of closure(ctx, [root])) {
          if (inEntry.has(id)) continue;
          const areas = areasOf.get(id) ?? new Set<string>();
          areasOf.set(id, areas.add(area));
        }
      }
    }
    const firstLoad = (id: string) => inEntry.has(id) || areasOf.has(id);
    // The API layer: modules of src/lib/api/ that import RTK Query, and the modules that only they import.
    const runsRtkQuery = [...closure(ctx, entries, true)].filter(
      (id) =>
        isSource(id) &&
        norm(id).startsWith(`${src}lib/api/`) &&
        !firstLoad(id) &&
        (ctx.getModuleInfo(id)?.importedIds ?? []).some((dep) => RTK_QUERY.test(dep)),
    );
    const api = new Set(runsRtkQuery);
    for (let grew = true; grew; ) {
      grew = false;
      for (const id of [...api]) {
        for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) {
          const info = ctx.getModuleInfo(dep);
          if (api.has(dep) || !isSource(dep) || firstLoad(dep) || !info || info.dynamicImporters.length > 0) continue;
          if (info.importers.every((importer) => api.has(importer))) grew = Boolean(api.add(dep));
        }
      }
    }
    return { areasOf, allAreas, api };
  }

  const read = (id: string, ctx: GraphContext) => (analysis ??= analyse(ctx, id));

  return {
    /** Forgets the graph of the previous build (watch mode, several builds in one process). */
    reset() {
      analysis = null;
    },
    /** Name function of the first-load group: `first-load`, `first-load-<areas>` or null (not this group's). */
    firstLoad(id: string, ctx: GraphContext): string | null {
      if (!isSource(id)) return null;
      const { areasOf, allAreas } = read(id, ctx);
      const areas = areasOf.get(id);
      if (!areas || areas.size < 2) return null;
      return areas.size === allAreas.size ? 'first-load' : `first-load-${[...areas].sort().join('-')}`;
    },
    /** Name function of the API group: RTK Query and the API layer, or null. */
    api(id: string, ctx: GraphContext): string | null {
      if (RTK_QUERY.test(id)) return 'api';
      if (!isSource(id)) return null;
      return read(id, ctx).api.has(id) ? 'api' : null;
    },
  };
}
