import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectSources, popupSources, renderHeaders } from '../../../scripts/vite-headers-plugin';
import { parseEnv, type Env, type RawEnv } from '../env';

/** The build-time CSP (scripts/vite-headers-plugin.ts): connect-src follows the build's environment exactly. */
function env(raw: RawEnv): Env {
  const result = parseEnv(raw, { isProduction: false });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.env;
}

const REAL: RawEnv = {
  VITE_API_URL: 'https://api.ponteiiot.com.br',
  VITE_VPN_API_URL: 'https://vpn.ponteiiot.com.br/v1/',
  VITE_PAY_URL: 'https://pay.example.com.br/v2/',
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'ponte.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'ponte',
};

const template = readFileSync(join(process.cwd(), 'public', '_headers'), 'utf8');

function csp(text: string): Map<string, string[]> {
  const line = text.split('\n').find((l) => l.trim().startsWith('Content-Security-Policy:')) ?? '';
  return new Map(
    line
      .slice(line.indexOf(':') + 1)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('deploy headers', () => {
  it('demo build: the demo backends and the Auth emulator, no upgrade-insecure-requests', () => {
    const { connectSrc, upgradeInsecure } = connectSources(env({}));
    expect(connectSrc).toEqual([
      "'self'",
      'http://localhost:8787',
      'http://localhost:8788',
      'http://localhost:8789',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'http://127.0.0.1:9099',
    ]);
    expect(upgradeInsecure).toBe(false);
  });

  it('real build: the API bases (a base with a path stays a path prefix), Firebase, Sentry, token sync', () => {
    const { connectSrc, upgradeInsecure } = connectSources(
      env({
        ...REAL,
        VITE_SENTRY_DSN: 'https://public@o123.ingest.sentry.io/456',
        VITE_FIREBASE_TOKEN_SYNC_URL: 'https://portal.ponteiiot.com.br/__session',
      }),
    );
    expect(connectSrc).toEqual([
      "'self'",
      'https://api.ponteiiot.com.br',
      'https://vpn.ponteiiot.com.br/v1/',
      'https://pay.example.com.br',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://o123.ingest.sentry.io',
      'https://portal.ponteiiot.com.br',
    ]);
    expect(upgradeInsecure).toBe(true);
    expect(connectSrc.join(' ')).not.toContain('localhost');
  });

  it('a same-origin token sync path needs no source of its own', () => {
    const { connectSrc } = connectSources(env({ ...REAL, VITE_FIREBASE_TOKEN_SYNC_URL: '/__/auth/sync' }));
    expect(connectSrc).toEqual([
      "'self'",
      'https://api.ponteiiot.com.br',
      'https://vpn.ponteiiot.com.br/v1/',
      'https://pay.example.com.br',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
  });

  it('renders the template: placeholders filled, comments dropped, upgrade-insecure-requests on real builds', () => {
    const real = renderHeaders(template, env(REAL));
    expect(real).not.toMatch(/%[A-Z_]+%/);
    expect(real.split('\n').filter((l) => l.startsWith('#'))).toHaveLength(1);
    const policy = csp(real);
    expect(policy.get('connect-src')).toContain('https://api.ponteiiot.com.br');
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://apis.google.com']);
    expect(policy.get('frame-src')).toEqual(['https://ponte.firebaseapp.com']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // No COOP (public/_headers says why): the first visit would start in a renderer process of its own.
    expect(real).not.toContain('Cross-Origin-Opener-Policy');

    const demo = csp(renderHeaders(template, env({})));
    expect(demo.has('upgrade-insecure-requests')).toBe(false);
    expect(demo.get('connect-src')).toContain('http://127.0.0.1:9099');
    expect(demo.get('frame-src')).toEqual(['http://127.0.0.1:9099']);
  });

  it('the Google popup: Google\'s iframe library, and only the auth iframe of the authDomain or of the emulator', () => {
    expect(popupSources(env(REAL))).toEqual({
      scriptSrc: ["'self'", 'https://apis.google.com'],
      frameSrc: ['https://ponte.firebaseapp.com'],
    });
    expect(popupSources(env({}))).toEqual({
      scriptSrc: ["'self'", 'https://apis.google.com'],
      frameSrc: ['http://127.0.0.1:9099'],
    });
    // An auth domain that is not a host name never reaches the header.
    expect(() => renderHeaders(template, env({ ...REAL, VITE_FIREBASE_AUTH_DOMAIN: "x.com; script-src *" }))).toThrow(
      /VITE_FIREBASE_AUTH_DOMAIN/,
    );
  });

  it('violations are reported to the main API: report-to (Reporting-Endpoints) and report-uri as the fallback', () => {
    const real = renderHeaders(template, env({ ...REAL, VITE_API_URL: 'https://api.ponteiiot.com.br/v1/' }));
    const policy = csp(real);
    expect(policy.get('report-uri')).toEqual(['https://api.ponteiiot.com.br/v1/csp-report']);
    expect(policy.get('report-to')).toEqual(['csp-endpoint']);
    expect(real).toContain('  Reporting-Endpoints: csp-endpoint="https://api.ponteiiot.com.br/v1/csp-report"\n');
    expect(csp(renderHeaders(template, env({}))).get('report-uri')).toEqual(['http://localhost:8787/csp-report']);
  });

  it('refuses an unknown placeholder', () => {
    expect(() => renderHeaders('/*\n  X-Test: %NOPE%\n', env({}))).toThrow(/%NOPE%/);
  });
});
