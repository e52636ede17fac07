/**
 * The landing as HTML: at build time the landing's React tree (src/app/areas/landing/prerender.tsx) is rendered to
 * markup and written into index.html, and the entry script and its modulepreloads that Vite put there are handed
 * to an inline loader (src/app/areas/landing/static-loader.ts) that starts them at once on every other page and at
 * the first interaction on the landing (see that file). The loader's CSP hash goes into dist/_headers
 * (scripts/vite-headers-plugin.ts reads the inline scripts of the written index.html).
 *
 * The development server keeps Vite's index.html: the landing renders in the browser there.
 */
import { relative } from 'node:path';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { staticLoader, type StaticLoaderConfig } from '../src/app/areas/landing/static-loader.js';

type PrerenderModule = { renderLanding(): string; PRODUCTION_DOMAIN: string };

async function renderLanding(config: ResolvedConfig): Promise<PrerenderModule & { markup: string }> {
  const server = await createServer({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    logLevel: 'error',
    resolve: { alias: config.resolve.alias },
    plugins: [react()],
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule('/src/app/areas/landing/prerender.tsx')) as PrerenderModule;
    return { ...mod, markup: mod.renderLanding() };
  } finally {
    await server.close();
  }
}

/**
 * What the landing's hydration needs, by the import graph (no file names): the chunks main.tsx imports
 * dynamically from src/app/areas/landing/ with everything they import statically. The loader modulepreloads them
 * with the entry at the first interaction, so they load in the same round trip. (Preloading the portal's and the
 * back office's the same way moved their Lighthouse scores by less than the noise, and changed which of their
 * failed chunks the reload-once recovery sees first: not done.)
 */
function landingChunks(bundle: OutputBundle, entryFile: string, root: string): string[] {
  const chunks = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const entry = chunks.get(entryFile.replace(/^\//, ''));
  if (!entry) throw new Error(`index.html: chunk de entrada ${entryFile} não está no bundle.`);
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const next of chunks.get(file)?.imports ?? []) closure(next, into);
  };
  const entryDeps = new Set<string>();
  closure(entry.fileName, entryDeps);
  const files = new Set<string>();
  for (const file of entry.dynamicImports) {
    const facade = chunks.get(file)?.facadeModuleId;
    const path = facade ? relative(root, facade).split('\\').join('/') : '';
    if (path.startsWith('src/app/areas/landing/')) closure(file, files);
  }
  if (files.size === 0) throw new Error('main.tsx não importa nada de src/app/areas/landing/.');
  return [...files].filter((file) => !entryDeps.has(file)).map((file) => `/${file}`);
}

export function landingPrerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ponte:landing-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
        const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
        const entry = entryTag.exec(html)?.[1];
        if (!entry) throw new Error('index.html: script de entrada não encontrado (esperado do Vite).');
        const preload = [...html.matchAll(preloadTag)].flatMap((match) => (match[1] ? [match[1]] : []));
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html: <div id="root"></div> ausente.');
        const { markup, PRODUCTION_DOMAIN } = await renderLanding(config);
        if (!ctx.bundle) throw new Error('index.html: sem bundle (o prerender só roda no build).');
        const landing = landingChunks(ctx.bundle, entry.slice(config.base.length - 1), config.root);
        const loaderConfig: StaticLoaderConfig = { entry, preload, landingChunks: landing, productionDomain: PRODUCTION_DOMAIN };
        // Before the stylesheet: an inline script after a pending stylesheet would wait for it.
        const loader = `<script>(${staticLoader.toString()})(${JSON.stringify(loaderConfig)})</script>\n    `;
        return html
          .replace(entryTag, '')
          .replace(preloadTag, '')
          .replace(/<link rel="stylesheet"/, `${loader}<link rel="stylesheet"`)
          .replace('<div id="root"></div>', `<div id="landing">${markup}</div>\n    <div id="root"></div>`);
      },
    },
  };
}
