/**
 * Settings a route cannot work without (env.ts): a Worker missing one answers 503 with ONE pt-BR line on the
 * routes that need it and logs which setting is missing — never a demo or localhost default outside demo mode (in
 * demo mode, the local runner's defaults below may stand in).
 */
import { ApiError } from './errors';
import { demoMode } from '../demo/mode';
import type { Env } from './env';

export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Pagamentos indisponíveis no momento: o serviço não está configurado.';

export type SettingName = 'PAY_URL' | 'SECRETS_KEY' | 'WEBHOOK_SECRET' | 'FIREBASE_PROJECT_ID';

/** Demo mode only: what `npm run dev` runs when a setting is not passed (the demo payment platform on :8789). */
const DEMO_DEFAULTS: Partial<Record<SettingName, string>> = { PAY_URL: 'http://127.0.0.1:8789' };

/** The 503 of a missing setting (`what` is logged, never answered). */
export function notConfigured(what: string, message = PAYMENTS_UNAVAILABLE_MESSAGE): ApiError {
  console.error(`not configured: ${what} (the route answers 503 until it is set)`);
  return new ApiError(503, 'not-configured', message);
}

/** The values of `names` (demo defaults in demo mode only); throws the 503 naming the first one missing. */
export function requireSettings<K extends SettingName>(
  env: Env,
  names: readonly K[],
  message = PAYMENTS_UNAVAILABLE_MESSAGE,
): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = env[name]?.trim() || (demoMode(env).settingDefaults ? DEMO_DEFAULTS[name] : undefined);
    if (!value) throw notConfigured(`${name} is not set`, message);
    values[name] = value;
  }
  return values;
}
