import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';

const REAL = {
  VITE_API_URL: 'https://api.ponteiiot.com.br/',
  VITE_VPN_API_URL: 'https://vpn.ponteiiot.com.br',
  VITE_PAY_URL: 'https://pay.example.com.br/',
  VITE_FIREBASE_API_KEY: 'AIzaKey',
  VITE_FIREBASE_AUTH_DOMAIN: 'ponte.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'ponte-prod',
};

describe('parseEnv', () => {
  it('runs the embedded demo on a fresh clone (nothing set)', () => {
    const result = parseEnv({}, { isProduction: false });
    expect(result).toMatchObject({
      ok: true,
      env: {
        demo: true,
        apiUrl: 'http://localhost:8787',
        vpnApiUrl: 'http://localhost:8788',
        payUrl: 'http://localhost:8789',
        firebase: { projectId: 'demo-ponte', emulatorHost: '127.0.0.1:9099' },
        sentry: { dsn: undefined },
      },
    });
  });

  it('keeps the demo on for the Workers on this machine, on any port (a test run beside `npm run dev`)', () => {
    const result = parseEnv(
      { VITE_API_URL: 'http://localhost:8797/', VITE_VPN_API_URL: 'http://127.0.0.1:8798' },
      { isProduction: false },
    );
    expect(result).toMatchObject({ ok: true, env: { demo: true, apiUrl: 'http://localhost:8797', vpnApiUrl: 'http://127.0.0.1:8798' } });
    const oneReal = parseEnv({ ...REAL, VITE_API_URL: 'http://localhost:8797' }, { isProduction: false });
    expect(oneReal).toMatchObject({ ok: true, env: { demo: false } });
  });

  it('switches the demo off when real API URLs are set, and requires the payment platform and the Firebase settings', () => {
    const result = parseEnv({ VITE_API_URL: REAL.VITE_API_URL, VITE_VPN_API_URL: REAL.VITE_VPN_API_URL }, { isProduction: false });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.name)).toEqual([
      'VITE_PAY_URL',
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_PROJECT_ID',
      'VITE_FIREBASE_AUTH_DOMAIN',
    ]);
  });

  it('accepts a complete real configuration and trims trailing slashes', () => {
    const result = parseEnv(REAL, { isProduction: true });
    expect(result).toMatchObject({ ok: true, env: { demo: false, apiUrl: 'https://api.ponteiiot.com.br' } });
    if (result.ok) expect(result.env.firebase.emulatorHost).toBeUndefined();
  });

  it('never runs the demo on a production host: missing settings are named', () => {
    const result = parseEnv({}, { isProduction: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.name)).toContain('VITE_API_URL');
    expect(result.problems.map((p) => p.name)).toContain('VITE_FIREBASE_API_KEY');
  });

  it('refuses VITE_DEMO=true with real API URLs or on production', () => {
    const withReal = parseEnv({ ...REAL, VITE_DEMO: 'true' }, { isProduction: false });
    expect(withReal.ok).toBe(false);
    const onProduction = parseEnv({ VITE_DEMO: 'true' }, { isProduction: true });
    expect(onProduction.ok).toBe(false);
    if (!onProduction.ok) expect(onProduction.problems[0]?.name).toBe('VITE_DEMO');
  });

  it('takes the token sync URL as an absolute URL or a same-origin path', () => {
    const sync = (value: string) => parseEnv({ ...REAL, VITE_FIREBASE_TOKEN_SYNC_URL: value }, { isProduction: true });
    expect(sync('/__/auth/sync')).toMatchObject({ ok: true, env: { firebase: { tokenSyncUrl: '/__/auth/sync' } } });
    expect(sync('https://portal.ponteiiot.com.br/__session/')).toMatchObject({
      ok: true,
      env: { firebase: { tokenSyncUrl: 'https://portal.ponteiiot.com.br/__session' } },
    });
    for (const bad of ['//evil.example.com/sync', '__/auth/sync', 'ftp://x.example.com/sync']) {
      const result = sync(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problems.map((p) => p.name)).toEqual(['VITE_FIREBASE_TOKEN_SYNC_URL']);
    }
  });

  it('names each invalid value', () => {
    const result = parseEnv(
      {
        ...REAL,
        VITE_API_URL: 'api.ponteiiot.com.br',
        VITE_SENTRY_DSN: 'not a url',
        VITE_SENTRY_TRACES_SAMPLE_RATE: '2',
        VITE_FIREBASE_AUTH_EMULATOR_HOST: 'localhost',
        VITE_DEMO: 'sim',
      },
      { isProduction: false },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.name).sort()).toEqual(
      [
        'VITE_API_URL',
        'VITE_DEMO',
        'VITE_FIREBASE_AUTH_EMULATOR_HOST',
        'VITE_SENTRY_DSN',
        'VITE_SENTRY_TRACES_SAMPLE_RATE',
      ].sort(),
    );
  });

  it('VITE_DEMO=false with nothing else set asks for the real settings', () => {
    const result = parseEnv({ VITE_DEMO: 'false' }, { isProduction: false });
    expect(result.ok).toBe(false);
  });

  it('a real build names the payment platform (where the checkout tokenises cards)', () => {
    expect(parseEnv(REAL, { isProduction: true })).toMatchObject({ ok: true, env: { payUrl: 'https://pay.example.com.br' } });
    const { VITE_PAY_URL: _pay, ...withoutPay } = REAL;
    const result = parseEnv(withoutPay, { isProduction: true });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.name)).toEqual(['VITE_PAY_URL']);
  });
});
