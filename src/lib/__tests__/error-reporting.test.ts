import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '@/config/env';

const captured: unknown[] = [];
vi.mock('../sentry', () => ({
  initSentry: () => (error: unknown) => captured.push(error),
}));

const baseEnv: Env = {
  demo: false,
  apiUrl: 'https://api.example.com',
  vpnApiUrl: 'https://vpn.example.com',
  payUrl: 'https://pay.example.com',
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', appId: undefined, emulatorHost: undefined, tokenSyncUrl: undefined },
  sentry: { dsn: undefined, tracesSampleRate: 0.1 },
  workerUrl: undefined,
  isProduction: true,
};

describe('error reporting', () => {
  beforeEach(() => {
    captured.length = 0;
    vi.resetModules();
  });

  it('stays off without a DSN and drops what was queued', async () => {
    const { captureEarlyErrors, reportError, startErrorReporting } = await import('../error-reporting');
    captureEarlyErrors();
    reportError(new Error('antes'));
    await startErrorReporting(baseEnv, 'portal');
    reportError(new Error('depois'));
    expect(captured).toEqual([]);
  });

  it('hands uncaught errors and rejections from before the SDK loaded to it', async () => {
    const { captureEarlyErrors, reportError, startErrorReporting } = await import('../error-reporting');
    captureEarlyErrors();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('no boot') }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('promessa rejeitada') });
    window.dispatchEvent(rejection);
    await startErrorReporting({ ...baseEnv, sentry: { dsn: 'https://k@o1.ingest.sentry.io/1', tracesSampleRate: 0 } }, 'portal');
    expect(captured.map((e) => (e as Error).message)).toEqual(['no boot', 'promessa rejeitada']);
    reportError(new Error('depois'));
    expect(captured).toHaveLength(3);
  });
});
