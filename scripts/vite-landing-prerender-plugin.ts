/**
 * Pages as HTML: at build time the landing's React tree (src/app/areas/landing/prerender.tsx) and the two sign-in
 * pages (src/app/areas/{portal,backoffice}/prerender.tsx) are rendered to markup and written into index.html,
 * hidden by CSS, and the entry script and its modulepreloads that Vite put there are handed to an inline loader
 * (src/app/shared/static-loader.ts) that shows the page's markup and starts the scripts at the first interaction
 * there, or starts them at once on every other page (see that file). The loader's CSP hash goes into
 * dist/_headers (scripts/vite-headers-plugin.ts reads the inline scripts of the written index.html).
 *
 * The development server keeps Vite's index.html: every page renders in the browser there.
 */
import { relative } from 'node:path';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { staticLoader, type StaticLoaderConfig } from '../src/app/shared/static-loader.js';

type PrerenderModule = { renderLanding(): string; PRODUCTION_DOMAIN: string };
type SignInPage = { path: string; title: string; markup: string };
type SignInModule = { renderSignIn(): Promise<SignInPage> };
type AuthStorageModule = { AUTH_DATA_KEY: string };
const SIGN_IN_AREAS = ['portal', 'backoffice'] as const;

/**
 * An inline script right after the stylesheet: the parser waits there until the stylesheet is in, so the document
 * ends parsing (DOMContentLoaded) with its styles. Without it a fast parse finished first, and the browser's form
 * scan at DOMContentLoaded (autofill: the sign-in forms, the landing's e-mail field) laid out the whole prerendered
 * markup unstyled - every section, hidden pages included - before the styled layout: measured under Lighthouse, a
 * 40-70 ms task (x4 with its CPU throttling) and the first frame a second later in most runs. Nothing paints before
 * the stylesheet anyway. Its CSP hash is computed with the loader's (inlineScriptHashes).
 */
export const STYLESHEET_BARRIER = '<script>/* parse the page with its styles */</script>';

interface Prerendered {
  landing: string;
  productionDomain: string;
  signIn: Array<SignInPage & { area: (typeof SIGN_IN_AREAS)[number] }>;
  sessionKey: string;
}

async function renderPages(config: ResolvedConfig): Promise<Prerendered> {
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
    const landing = (await server.ssrLoadModule('/src/app/areas/landing/prerender.tsx')) as PrerenderModule;
    const signIn: Prerendered['signIn'] = [];
    for (const area of SIGN_IN_AREAS) {
      const mod = (await server.ssrLoadModule(`/src/app/areas/${area}/prerender.tsx`)) as SignInModule;
      signIn.push({ area, ...(await mod.renderSignIn()) });
    }
    const storage = (await server.ssrLoadModule('/src/features/auth/auth-storage.ts')) as AuthStorageModule;
    return {
      landing: landing.renderLanding(),
      productionDomain: landing.PRODUCTION_DOMAIN,
      signIn,
      sessionKey: storage.AUTH_DATA_KEY,
    };
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
        const pages = await renderPages(config);
        if (!ctx.bundle) throw new Error('index.html: sem bundle (o prerender só roda no build).');
        const landing = landingChunks(ctx.bundle, entry.slice(config.base.length - 1), config.root);
        const loaderConfig: StaticLoaderConfig = {
          entry,
          preload,
          landingChunks: landing,
          productionDomain: pages.productionDomain,
          signIn: pages.signIn.map(({ area, path, title }) => ({ area, path, title })),
          sessionKey: pages.sessionKey,
        };
        const signInMarkup = pages.signIn.map(({ area, markup }) => `<div id="signin-${area}">${markup}</div>\n    `).join('');
        // Before the stylesheet: an inline script after a pending stylesheet would wait for it, and the loader starts
        // a signed-in screen's scripts at once, alongside the stylesheet.
        const loader = `<script>(${staticLoader.toString()})(${JSON.stringify(loaderConfig)})</script>\n    `;
        return html
          .replace(entryTag, '')
          .replace(preloadTag, '')
          .replace(/<link rel="stylesheet"[^>]*>/, (link) => `${loader}${link}\n    ${STYLESHEET_BARRIER}`)
          .replace('<div id="root"></div>', `${signInMarkup}<div id="landing">${pages.landing}</div>\n    <div id="root"></div>`);
      },
    },
  };
}
