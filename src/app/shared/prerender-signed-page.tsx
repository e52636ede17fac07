import { renderToString } from 'react-dom/server';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { PRODUCT_NAME } from '@/config/brand';
import { parseEnv, setEnv, type RawEnv } from '@/config/env';
import { createAppStore } from '../store';
import type { AuthArea } from '@/features/auth/types';
import { SignedAreaTree, signInIdPrefix, whenRouterReady } from './mount-signed-area';
import type { ScreenEntry } from './screen-registry';

/** A sign-in page as the build serves it: its markup and its document title. */
export interface PrerenderedPage {
  path: string;
  title: string;
  markup: string;
}

/**
 * The area's sign-in page (its registry entry marked `identityOnInteraction` and `light`, at the production
 * host's path), rendered by the tree the browser hydrates, with a fresh store (no session) and the build's
 * environment as a non-production host reads it (the demo build shows its demo accounts).
 */
export async function prerenderSignIn(
  area: AuthArea,
  screens: readonly ScreenEntry[],
  routes: RouteObject[],
  entryId: string,
): Promise<PrerenderedPage> {
  const entry = screens.find((screen) => screen.id === entryId);
  if (!entry?.light || !entry.identityOnInteraction) throw new Error(`Tela ${entryId}: não é uma página de entrada leve.`);
  const env = parseEnv(import.meta.env as RawEnv, { isProduction: false });
  if (!env.ok) throw new Error(`Configuração inválida: ${env.problems.map((p) => `${p.name} ${p.message}`).join('; ')}`);
  setEnv(env.env);
  const router = createMemoryRouter(routes, { initialEntries: [entry.path] });
  try {
    await new Promise<void>((resolve) => whenRouterReady(router, resolve, Infinity));
    const markup = renderToString(<SignedAreaTree store={createAppStore()} router={router} />, {
      identifierPrefix: signInIdPrefix(area),
    });
    return { path: entry.path, title: `${entry.title} · ${PRODUCT_NAME}`, markup };
  } finally {
    router.dispose();
  }
}
