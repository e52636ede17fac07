/**
 * Environment, validated once at start-up. A missing or invalid variable yields a problem naming it, which
 * main.tsx shows on screen instead of a blank page.
 *
 * The embedded demo (the two Workers run locally in demo mode + the Firebase Auth emulator) is on when the API
 * URLs are unset or local (http://localhost or 127.0.0.1, any port: the demo's Workers, or a test run's on other
 * ports) and VITE_DEMO is not "false". It can never be on for a production host or when real API URLs are set.
 * Demo mode only shows the demo's helpers (badge, demo accounts, mailbox, test cards); the backend is the Workers.
 */

export const DEMO_API_URL = 'http://localhost:8787';
export const DEMO_VPN_API_URL = 'http://localhost:8788';
/** The demo payment platform (src/server/pay) under `npm run dev`. */
export const DEMO_PAY_URL = 'http://localhost:8789';
export const DEMO_PROJECT_ID = 'demo-ponte';
export const DEMO_AUTH_EMULATOR_HOST = '127.0.0.1:9099';

export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string | undefined;
  /** host:port of the Auth emulator, or undefined for the hosted service. */
  emulatorHost: string | undefined;
  /** Optional token sync endpoint (Firebase authTokenSyncURL): an absolute URL or a same-origin path. */
  tokenSyncUrl: string | undefined;
}

export interface Env {
  demo: boolean;
  apiUrl: string;
  vpnApiUrl: string;
  /** The payment platform's base: the checkout tokenises cards there (its own origin, never the API's). */
  payUrl: string;
  firebase: FirebaseSettings;
  sentry: { dsn: string | undefined; tracesSampleRate: number };
  /** Hosted worker server that may receive tracing headers. */
  workerUrl: string | undefined;
  isProduction: boolean;
}

export interface EnvProblem {
  name: string;
  message: string;
}

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: EnvProblem[] };

export type RawEnv = Record<string, string | boolean | undefined>;

function text(raw: RawEnv, name: string): string | undefined {
  const value = raw[name];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/** An API base on this machine (the demo's Workers under `wrangler dev`), as opposed to a real backend. */
function isLocalUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
  } catch {
    return false;
  }
}

export function parseEnv(raw: RawEnv, context: { isProduction: boolean }): EnvResult {
  const problems: EnvProblem[] = [];
  const demoFlag = text(raw, 'VITE_DEMO');
  if (demoFlag !== undefined && demoFlag !== 'true' && demoFlag !== 'false') {
    problems.push({ name: 'VITE_DEMO', message: 'deve ser "true" ou "false".' });
  }

  const apiUrlRaw = text(raw, 'VITE_API_URL');
  const vpnUrlRaw = text(raw, 'VITE_VPN_API_URL');
  const realApis = (apiUrlRaw !== undefined && !isLocalUrl(apiUrlRaw)) || (vpnUrlRaw !== undefined && !isLocalUrl(vpnUrlRaw));

  if (demoFlag === 'true' && realApis) {
    problems.push({
      name: 'VITE_DEMO',
      message: 'a demonstração não pode ser ligada com VITE_API_URL ou VITE_VPN_API_URL reais.',
    });
  }
  if (demoFlag === 'true' && context.isProduction) {
    problems.push({ name: 'VITE_DEMO', message: 'a demonstração nunca roda no domínio de produção.' });
  }

  const demo = demoFlag !== 'false' && !realApis && !context.isProduction;

  const required = (name: string, demoDefault: string): string => {
    const value = text(raw, name);
    if (value !== undefined) return value;
    if (demo) return demoDefault;
    problems.push({ name, message: 'não definida.' });
    return '';
  };
  const url = (name: string, demoDefault: string): string => {
    const value = required(name, demoDefault);
    if (value && !isHttpUrl(value)) problems.push({ name, message: `não é uma URL http(s) válida: "${value}".` });
    return stripSlash(value);
  };
  const optionalUrl = (name: string): string | undefined => {
    const value = text(raw, name);
    if (value !== undefined && !isHttpUrl(value)) {
      problems.push({ name, message: `não é uma URL http(s) válida: "${value}".` });
      return undefined;
    }
    return value === undefined ? undefined : stripSlash(value);
  };

  /** An absolute http(s) URL, or a same-origin path such as `/__/auth/sync` (not `//host`, which is another origin). */
  const tokenSyncUrl = (): string | undefined => {
    const name = 'VITE_FIREBASE_TOKEN_SYNC_URL';
    const value = text(raw, name);
    if (value === undefined) return undefined;
    if (value.startsWith('/') && !value.startsWith('//') && !/\s/.test(value)) return value;
    if (isHttpUrl(value)) return stripSlash(value);
    problems.push({ name, message: `não é uma URL http(s) nem um caminho começando com "/": "${value}".` });
    return undefined;
  };

  const apiUrl = url('VITE_API_URL', DEMO_API_URL);
  const vpnApiUrl = url('VITE_VPN_API_URL', DEMO_VPN_API_URL);
  const payUrl = url('VITE_PAY_URL', DEMO_PAY_URL);
  const apiKey = required('VITE_FIREBASE_API_KEY', 'demo-api-key');
  const projectId = required('VITE_FIREBASE_PROJECT_ID', DEMO_PROJECT_ID);
  const authDomain = required('VITE_FIREBASE_AUTH_DOMAIN', `${DEMO_PROJECT_ID}.firebaseapp.com`);

  let emulatorHost = text(raw, 'VITE_FIREBASE_AUTH_EMULATOR_HOST') ?? (demo ? DEMO_AUTH_EMULATOR_HOST : undefined);
  if (emulatorHost !== undefined && !/^[\w.-]+:\d{2,5}$/.test(emulatorHost)) {
    problems.push({
      name: 'VITE_FIREBASE_AUTH_EMULATOR_HOST',
      message: `deve ter a forma host:porta, recebido "${emulatorHost}".`,
    });
    emulatorHost = undefined;
  }
  if (emulatorHost !== undefined && context.isProduction) {
    problems.push({
      name: 'VITE_FIREBASE_AUTH_EMULATOR_HOST',
      message: 'o emulador não pode ser usado no domínio de produção.',
    });
  }

  const rateText = text(raw, 'VITE_SENTRY_TRACES_SAMPLE_RATE');
  let tracesSampleRate = 0.1;
  if (rateText !== undefined) {
    const rate = Number(rateText);
    if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
      problems.push({ name: 'VITE_SENTRY_TRACES_SAMPLE_RATE', message: 'deve ser um número entre 0 e 1.' });
    } else {
      tracesSampleRate = rate;
    }
  }

  const env: Env = {
    demo,
    apiUrl,
    vpnApiUrl,
    payUrl,
    firebase: {
      apiKey,
      authDomain,
      projectId,
      appId: text(raw, 'VITE_FIREBASE_APP_ID'),
      emulatorHost,
      tokenSyncUrl: tokenSyncUrl(),
    },
    sentry: { dsn: optionalUrl('VITE_SENTRY_DSN'), tracesSampleRate },
    workerUrl: optionalUrl('VITE_WORKER_URL'),
    isProduction: context.isProduction,
  };

  return problems.length > 0 ? { ok: false, problems } : { ok: true, env };
}

let current: Env | null = null;

/** Called once by main.tsx after validation. */
export function setEnv(env: Env): void {
  current = env;
}

/** The validated environment. Tests and the demo get the demo defaults when nothing was set. */
export function getEnv(): Env {
  if (current) return current;
  const result = parseEnv(import.meta.env as RawEnv, { isProduction: false });
  if (!result.ok) {
    throw new Error(`Configuração inválida: ${result.problems.map((p) => `${p.name} ${p.message}`).join('; ')}`);
  }
  current = result.env;
  return current;
}
