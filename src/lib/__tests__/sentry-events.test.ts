import * as Sentry from '@sentry/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from '@/config/env';
import { sentryOptions } from '../sentry';

/** As the server makes them (18 random bytes in hex). */
const TOKEN = '3f9a0c1b7e5d2a4f6b8c0d1e2f3a4b5c6d7e';
const CODE = 'PNT-7K2M-4Q9X-3FJD';

const env: Env = {
  demo: false,
  apiUrl: 'https://api.example.com',
  vpnApiUrl: 'https://vpn.example.com',
  payUrl: 'https://pay.example.com',
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', appId: undefined, emulatorHost: undefined, tokenSyncUrl: undefined },
  sentry: { dsn: 'https://public@o1.ingest.sentry.io/1', tracesSampleRate: 1 },
  workerUrl: undefined,
  isProduction: true,
};

/** Every envelope the SDK would send, as text (what leaves the browser). */
const sent: string[] = [];
const decoder = new TextDecoder();

function startSentry() {
  Sentry.init({
    ...sentryOptions(env, 'portal'),
    transport: (options) =>
      Sentry.createTransport(options, (request) => {
        sent.push(typeof request.body === 'string' ? request.body : decoder.decode(request.body));
        return Promise.resolve({ statusCode: 200 });
      }),
  });
}

/** The JSON items of the envelopes sent (each envelope: a header line, then item header and payload lines). */
function items(): Array<Record<string, unknown>> {
  return sent.flatMap((envelope) =>
    envelope
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

describe('error reports never carry the secret of the page they were raised on', () => {
  afterEach(async () => {
    await Sentry.close(2000);
    sent.length = 0;
    window.history.replaceState(null, '', '/');
  });

  it('an error on /invite/<token> and then on /setup/<code>: neither value in anything sent', async () => {
    window.history.replaceState(null, '', `/invite/${TOKEN}?redirect=${encodeURIComponent(`/setup/${CODE}`)}`);
    startSentry();
    Sentry.captureException(new Error(`Convite ${TOKEN} inválido (GET https://api.example.com/invitation/${TOKEN})`));

    // A navigation (a breadcrumb, a new transaction) and an error on the setup page.
    window.history.pushState(null, '', `/setup/${CODE}`);
    Sentry.captureException(new Error(`Código ${CODE} de outra conta`), {
      extra: { url: `https://portal.ponteiiot.com.br/setup/${encodeURIComponent(CODE)}`, owner: { name: 'Maria Souza', phone: '(11) 98765-4321' } },
    });
    await Sentry.flush(3000);

    const everything = sent.join('\n');
    expect(everything).toContain('/invite/:token');
    expect(everything).toContain('/setup/:code');
    for (const secret of [TOKEN, CODE, encodeURIComponent(CODE), 'Maria Souza', '98765-4321']) {
      expect(everything).not.toContain(secret);
    }

    const events = items().filter((item) => Array.isArray((item.exception as { values?: unknown } | undefined)?.values));
    expect(events).toHaveLength(2);
    const [onInvite, onSetup] = events;
    expect(onInvite?.transaction).toBe('/invite/:token');
    expect((onInvite?.request as { url?: string } | undefined)?.url).toMatch(/\/invite\/:token/);
    expect(onSetup?.transaction).toBe('/setup/:code');
    const navigation = (onSetup?.breadcrumbs as Array<{ category?: string; data?: Record<string, unknown> }>).find(
      (crumb) => crumb.category === 'navigation',
    );
    expect(navigation?.data).toMatchObject({ from: '/invite/:token', to: '/setup/:code' });
    // The SDK's own metadata keeps its names.
    expect((onSetup?.sdk as { name?: string } | undefined)?.name).toMatch(/^sentry\./);
  });

  it('page loads and navigations are named after the route, not the URL, and no span carries the secret', async () => {
    window.history.replaceState(null, '', `/invite/${TOKEN}`);
    startSentry();
    // Each navigation follows a click (without one, the SDK takes a navigation right after the load for a redirect).
    const navigate = (path: string) => {
      document.body.click();
      window.history.pushState(null, '', path);
    };
    navigate('/customers/customer-1005');
    navigate(`/setup/${CODE}`);
    // The next navigation ends the setup page's span now (not after its idle time).
    navigate('/devices');
    await Sentry.flush(3000);

    // Spans are streamed: envelope items of `{ version: 2, items: [span…] }`.
    type SentSpan = { name: string; attributes: Record<string, { value: unknown } | undefined> };
    const spans = items().flatMap((item) => (Array.isArray(item.items) ? (item.items as SentSpan[]) : []));
    const op = (span: SentSpan) => span.attributes['sentry.op']?.value;
    const segments = spans.filter((span) => op(span) === 'pageload' || op(span) === 'navigation');
    expect(segments.map((span) => span.name)).toEqual(['/invite/:token', '/customers/:id', '/setup/:code']);
    for (const span of segments) {
      expect(span.attributes['sentry.segment.name.source']?.value).toBe('route');
    }
    expect(segments[0]?.attributes['url.path']?.value).toBe('/invite/:token');
    const everything = sent.join('\n');
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(CODE);
  });
});
