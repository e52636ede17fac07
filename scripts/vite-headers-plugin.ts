/**
 * Build-time deploy headers: public/_headers is a template whose Content-Security-Policy depends on the build's
 * environment (API bases, Sentry, token sync, demo). This plugin validates the environment with the app's own
 * parseEnv (the build fails naming the variable), then writes <outDir>/_headers with the placeholders filled.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadEnv, type Plugin, type ResolvedConfig } from 'vite';
import { parseEnv, type Env, type RawEnv } from '../src/config/env.js';

export const FIREBASE_AUTH_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/**
 * The Google popup's script: the identity SDK (firebase/auth, browserPopupRedirectResolver) loads
 * https://apis.google.com/js/api.js, which loads the gapi iframes library from the same origin.
 */
export const GOOGLE_POPUP_SCRIPT_ORIGIN = 'https://apis.google.com';

/** A URL as a CSP source: its origin, or origin + path + "/" (a path prefix) when the base has a path. */
function source(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, '');
  return path ? `${parsed.origin}${path}/` : parsed.origin;
}

/** connect-src for a validated environment, and whether upgrade-insecure-requests can be set. */
export function connectSources(env: Env): { connectSrc: string[]; upgradeInsecure: boolean } {
  // The payment platform by its origin only: the checkout posts the card to its tokenisation endpoint.
  const sources = ["'self'", source(env.apiUrl), source(env.vpnApiUrl), new URL(env.payUrl).origin, ...FIREBASE_AUTH_ORIGINS];
  if (env.sentry.dsn) sources.push(new URL(env.sentry.dsn).origin);
  // A same-origin path (`/__/auth/sync`) is covered by 'self'.
  if (env.firebase.tokenSyncUrl && !env.firebase.tokenSyncUrl.startsWith('/')) sources.push(new URL(env.firebase.tokenSyncUrl).origin);
  // The demo's Auth emulator (or an explicitly configured one); the demo API bases are env.apiUrl/vpnApiUrl.
  if (env.firebase.emulatorHost) sources.push(`http://${env.firebase.emulatorHost}`);
  const connectSrc = [...new Set(sources)];
  // upgrade-insecure-requests would break any plain-http endpoint (the demo's, or a local one on purpose).
  const upgradeInsecure = !env.demo && connectSrc.every((s) => !s.startsWith('http:'));
  return { connectSrc, upgradeInsecure };
}

/**
 * script-src and frame-src for a validated environment: the app's own scripts plus the Google popup's script, and
 * the only frame the app embeds, the identity SDK's auth iframe (`https://<authDomain>/__/auth/iframe`, or the Auth
 * emulator's `/emulator/auth/iframe` when one is configured, as in the demo).
 */
export function popupSources(env: Env): { scriptSrc: string[]; frameSrc: string[] } {
  const { authDomain, emulatorHost } = env.firebase;
  // A host name (and port), nothing that could add a directive to the header.
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(authDomain)) {
    throw new Error(`VITE_FIREBASE_AUTH_DOMAIN deve ser um nome de host (ex.: projeto.firebaseapp.com), recebido "${authDomain}".`);
  }
  // With the emulator (the demo) the SDK frames the emulator, never the authDomain.
  const frameSrc = emulatorHost ? [`http://${emulatorHost}`] : [`https://${authDomain}`];
  return { scriptSrc: ["'self'", GOOGLE_POPUP_SCRIPT_ORIGIN], frameSrc };
}

/**
 * CSP hash sources of the page's inline scripts (the loader and the stylesheet barrier, vite-landing-prerender-plugin.ts):
 * every <script> without src whose type runs (none, or a JavaScript one); data blocks (ld+json) are not scripts.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc=/.test(attributes)) continue;
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1];
    if (type && type !== 'module' && !/javascript/i.test(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Where browsers send CSP violation reports: the main API's POST /csp-report (report-to's Reporting-Endpoints and
 * report-uri). A character that could end the directive or the header's quoted value refuses the build.
 */
export function cspReportUri(env: Env): string {
  const uri = `${env.apiUrl.replace(/\/+$/, '')}/csp-report`;
  if (/[\s;,"']/.test(uri)) throw new Error(`VITE_API_URL não pode ter espaço, ";", "," ou aspas (relatórios de CSP em ${uri}).`);
  return uri;
}

export function renderHeaders(template: string, env: Env, scriptHashes: string[] = []): string {
  const { connectSrc, upgradeInsecure } = connectSources(env);
  const { frameSrc } = popupSources(env);
  const scriptSrc = [...popupSources(env).scriptSrc, ...scriptHashes];
  const body = template
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/^\n+/, '')
    .replaceAll('%CSP_CONNECT_SRC%', connectSrc.join(' '))
    .replaceAll('%CSP_SCRIPT_SRC%', scriptSrc.join(' '))
    .replaceAll('%CSP_FRAME_SRC%', frameSrc.join(' '))
    .replaceAll('%CSP_REPORT_URI%', cspReportUri(env))
    .replaceAll('%CSP_UPGRADE%', upgradeInsecure ? '; upgrade-insecure-requests' : '');
  const leftover = body.match(/%[A-Z_]+%/);
  if (leftover) throw new Error(`public/_headers: marcador desconhecido ${leftover[0]}.`);
  const header = `# Generated by scripts/vite-headers-plugin.ts from public/_headers (demo build: ${env.demo ? 'yes' : 'no'}).\n`;
  return header + body;
}

export function deployHeaders(): Plugin {
  let config: ResolvedConfig;
  let env: Env;
  return {
    name: 'ponte:deploy-headers',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      const envDir = typeof config.envDir === 'string' ? config.envDir : config.root;
      const raw = loadEnv(config.mode, envDir, 'VITE_') as RawEnv;
      const result = parseEnv(raw, { isProduction: false });
      if (!result.ok) {
        const list = result.problems.map((p) => `  - ${p.name}: ${p.message}`).join('\n');
        this.error(`Configuração inválida; _headers (CSP) não pode ser gerado:\n${list}`);
      }
      env = result.env;
    },
    writeBundle() {
      // Vite copied public/ (with the template) at renderStart; replace the copy with the filled file.
      const template = readFileSync(join(config.publicDir, '_headers'), 'utf8');
      const outDir = resolve(config.root, config.build.outDir);
      const index = join(outDir, 'index.html');
      const hashes = existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
      writeFileSync(join(outDir, '_headers'), renderHeaders(template, env, hashes));
    },
  };
}
