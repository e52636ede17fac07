import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../testing/api';
import { CSP_REPORT_ROW_CAP, CSP_REPORTS_PER_CLIENT, CSP_REPORTS_PER_MINUTE, GLOBAL_BUCKET, INVALID_REPORT_MESSAGE, RATE_LIMITED_MESSAGE } from './routes';
import { scrubPath, stripUrl } from './report';

const ORIGIN = 'http://localhost:5173';
let address = 0;
/** Each test reports from an address of its own (the per-client limit). */
const nextAddress = () => `203.0.113.${(address += 1)}`;

type Page = { data: Array<Record<string, unknown>>; meta: { total: number } };
const staff = async () => (await call<Page>('GET', '/backoffice/csp-report?perPage=100', { as: 'staff-csp', admin: true })).body;

function reportingApi(body: Record<string, unknown>, type = 'csp-violation') {
  return [{ type, age: 10, url: String(body.documentURL), user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150', body }];
}

async function send(contentType: string, body: unknown, ip = nextAddress()) {
  return call('POST', '/csp-report', { body, headers: { 'Content-Type': contentType, Origin: ORIGIN, 'CF-Connecting-IP': ip } });
}

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM csp_report'), env.DB.prepare('DELETE FROM csp_report_rate')]);
});

describe('POST /csp-report', () => {
  it('keeps a Reporting API report without personal data (no query, fragment, secret, sample, user agent)', async () => {
    const answer = await send(
      'application/reports+json',
      reportingApi({
        documentURL: 'http://localhost:5173/portal/invite/3f9a0c1b7e5d2a4f6b8c0d1e2f3a4b5c?email=maria@fabrica.com.br#topo',
        referrer: 'https://www.google.com/search?q=maria+silva',
        blockedURL: 'https://evil.example/pixel.png?cpf=123.456.789-09',
        effectiveDirective: 'img-src',
        originalPolicy: "default-src 'self'",
        sourceFile: 'http://localhost:5173/assets/index-abc.js?v=1',
        sample: 'maria@fabrica.com.br',
        disposition: 'enforce',
        statusCode: 200,
        lineNumber: 12,
        columnNumber: 34,
      }),
    );
    expect(answer.status).toBe(204);
    const page = await staff();
    expect(page.meta.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      documentUri: 'http://localhost:5173/portal/invite/:token',
      referrer: 'https://www.google.com/search',
      blockedUri: 'https://evil.example/pixel.png',
      effectiveDirective: 'img-src',
      violatedDirective: null,
      disposition: 'enforce',
      sourceFile: 'http://localhost:5173/assets/index-abc.js',
      lineNumber: 12,
      columnNumber: 34,
      statusCode: 200,
    });
    const stored = JSON.stringify(page.data);
    for (const secret of ['maria', '3f9a0c1b', 'cpf', 'Mozilla', 'default-src', 'topo']) expect(stored).not.toContain(secret);
  });

  it('keeps a report-uri report (application/csp-report), dropping script-sample', async () => {
    const answer = await send('application/csp-report', {
      'csp-report': {
        'document-uri': 'http://localhost:5173/newsletter/cancelar/Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE',
        referrer: '',
        'violated-directive': "script-src-elem 'self'",
        'effective-directive': 'script-src-elem',
        'original-policy': "script-src 'self'",
        disposition: 'report',
        'blocked-uri': 'inline',
        'line-number': 3,
        'source-file': 'http://localhost:5173/newsletter/cancelar/Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE',
        'script-sample': 'alert("maria@fabrica.com.br")',
        'status-code': 0,
      },
    });
    expect(answer.status).toBe(204);
    const [row] = (await staff()).data;
    expect(row).toMatchObject({
      documentUri: 'http://localhost:5173/newsletter/cancelar/:token',
      referrer: null,
      blockedUri: 'inline',
      effectiveDirective: 'script-src-elem',
      violatedDirective: 'script-src-elem',
      disposition: 'report',
      lineNumber: 3,
      columnNumber: null,
    });
    expect(JSON.stringify(row)).not.toContain('alert');
  });

  it('refuses a body that is not a CSP report (400) and keeps nothing', async () => {
    const refused = { status: 400, body: { error: { code: 'invalid-report', message: INVALID_REPORT_MESSAGE } } };
    expect(await send('application/csp-report', { 'csp-report': { 'document-uri': 'http://localhost/' } })).toMatchObject(refused);
    expect(await send('application/csp-report', { outra: 1 })).toMatchObject({ status: 400 });
    expect(await send('application/csp-report', '{')).toMatchObject({ status: 400 });
    expect(await send('application/reports+json', { nao: 'lista' })).toMatchObject({ status: 400 });
    expect(await send('application/reports+json', [{ type: 'csp-violation', body: { documentURL: 'http://localhost/' } }])).toMatchObject(refused);
    expect(await send('text/plain', { 'csp-report': {} })).toMatchObject({ status: 400 });
    // Another report type is read and dropped.
    expect((await send('application/reports+json', reportingApi({ documentURL: 'http://localhost/', id: 'x' }, 'deprecation'))).status).toBe(204);
    expect((await staff()).meta.total).toBe(0);
  });

  it('rate-limits per client and for everyone per minute (429, nothing kept)', async () => {
    const report = (n: number) => reportingApi({ documentURL: `http://localhost:5173/p${n}`, effectiveDirective: 'img-src', blockedURL: 'data' });
    const ip = nextAddress();
    for (let n = 0; n < CSP_REPORTS_PER_CLIENT; n += 1) expect((await send('application/reports+json', report(n), ip)).status).toBe(204);
    const over = await send('application/reports+json', report(99), ip);
    expect(over).toMatchObject({ status: 429, body: { error: { code: 'rate-limited', message: RATE_LIMITED_MESSAGE } } });
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await send('application/reports+json', report(100))).status).toBe(204);
    expect((await staff()).meta.total).toBe(CSP_REPORTS_PER_CLIENT + 1);

    // Everyone's limit: the minute's counter already at it.
    const minute = Math.floor(Date.now() / 60_000);
    await env.DB.prepare('UPDATE csp_report_rate SET count = ? WHERE bucket = ? AND minute = ?').bind(CSP_REPORTS_PER_MINUTE, GLOBAL_BUCKET, minute).run();
    expect((await send('application/reports+json', report(101))).status).toBe(429);
    expect((await staff()).meta.total).toBe(CSP_REPORTS_PER_CLIENT + 1);
    // The client's address is never kept, only a hash of it with the day.
    const buckets = await env.DB.prepare('SELECT bucket FROM csp_report_rate').all<{ bucket: string }>();
    expect(JSON.stringify(buckets.results)).not.toContain('203.0.113');
  });

  it(`keeps at most ${CSP_REPORT_ROW_CAP} rows, the newest`, async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO csp_report (received_at, document_uri, effective_directive, disposition) SELECT i, 'http://localhost/velho', 'img-src', 'enforce' FROM n`,
    )
      .bind(CSP_REPORT_ROW_CAP)
      .run();
    expect((await send('application/reports+json', reportingApi({ documentURL: 'http://localhost/novo', effectiveDirective: 'img-src' }))).status).toBe(204);
    const counted = await env.DB.prepare('SELECT COUNT(*) AS n, MIN(received_at) AS oldest FROM csp_report').first<{ n: number; oldest: number }>();
    expect(counted).toEqual({ n: CSP_REPORT_ROW_CAP, oldest: 2 });
    expect((await staff()).data[0]).toMatchObject({ documentUri: 'http://localhost/novo' });
  });

  it('a batch of 20 reports is stored (each statement under D1\'s 100 bound parameters)', async () => {
    const batch = Array.from({ length: 20 }, (_, n) =>
      reportingApi({
        documentURL: `http://localhost:5173/p${n}`,
        referrer: 'http://localhost:5173/',
        blockedURL: 'https://cdn.example/x.js',
        effectiveDirective: 'script-src-elem',
        violatedDirective: 'script-src-elem',
        sourceFile: 'http://localhost:5173/assets/a.js',
        disposition: 'report',
        lineNumber: n,
        columnNumber: 1,
        statusCode: 200,
      })[0],
    );
    expect((await send('application/reports+json', batch)).status).toBe(204);
    const page = await staff();
    expect(page.meta.total).toBe(20);
    expect(page.data.map((row) => row.documentUri).sort()).toEqual(batch.map((_, n) => `http://localhost:5173/p${n}`).sort());
  });

  it('answers the CORS preflight a browser sends before a Reporting API upload', async () => {
    const preflight = await SELF.fetch('http://localhost/csp-report', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('content-type');
  });

  it('the staff route is refused to a builder', async () => {
    expect((await call('GET', '/backoffice/csp-report', { as: 'builder-csp' })).status).toBe(403);
  });
});

describe('stripping', () => {
  it.each([
    ['http://localhost:5173/setup/PNT-7K2M-4Q9X-3FJD?x=1', 'http://localhost:5173/setup/:code'],
    ['https://ponteiiot.com.br/newsletter/confirmar/abc#x', 'https://ponteiiot.com.br/newsletter/confirmar/:token'],
    ['https://api.ponteiiot.com.br/invitation/convite-1/accept', 'https://api.ponteiiot.com.br/invitation/:token/accept'],
    ['https://portal.ponteiiot.com.br/customers/customer-1005', 'https://portal.ponteiiot.com.br/customers/customer-1005'],
    ['https://x.example/u/maria%40fabrica.com.br/a', 'https://x.example/u/:email/a'],
    ['data:image/png;base64,AAAA', 'data'],
    ['blob:https://x.example/123', 'blob'],
    ['eval', 'eval'],
    ['/relativo?q=1', '/relativo'],
  ])('%s → %s', (given, kept) => expect(stripUrl(given)).toBe(kept));

  it('names long token-like segments', () => {
    expect(scrubPath('/a/3f9a0c1b7e5d2a4f6b8c0d1e2f3a/b')).toBe('/a/:token/b');
    // A base64url token without a digit, and one in mixed case: still a token.
    expect(scrubPath('/x/AbcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ')).toBe('/x/:token');
    expect(scrubPath('/x/kQzTwVbNmRpLsXyHj')).toBe('/x/:token');
    // Words joined by hyphens are a page, not a secret.
    expect(scrubPath('/portal/remote-access-configuration-settings')).toBe('/portal/remote-access-configuration-settings');
  });

  it.each([
    // The factory's approval page (its token has no fixed shape: any segment after the page is named).
    ['https://portal.ponteiiot.com.br/aprovacao-acesso/abc', 'https://portal.ponteiiot.com.br/aprovacao-acesso/:token'],
    ['http://localhost:5173/aprovacao-acesso/Zx_9-k2Qw8rT1yU3iO5pA7sD9fG2hJ4kL6zX8cV0bN?utm=1', 'http://localhost:5173/aprovacao-acesso/:token'],
    // The old API paths that carried it, still named if a report has one.
    ['https://api.ponteiiot.com.br/factory-approval/abc/decision', 'https://api.ponteiiot.com.br/factory-approval/:token/decision'],
    // The invitation page, with a short token too.
    ['https://portal.ponteiiot.com.br/invite/abc123', 'https://portal.ponteiiot.com.br/invite/:token'],
    ['https://portal.ponteiiot.com.br/invite/abc123/', 'https://portal.ponteiiot.com.br/invite/:token/'],
  ])('the approval and invitation pages\' tokens: %s → %s', (given, kept) => expect(stripUrl(given)).toBe(kept));

  it('keeps no long token-like query value, nor any query string', () => {
    expect(stripUrl('https://portal.ponteiiot.com.br/login?next=%2Finvite%2F3f9a0c1b7e5d2a4f6b8c0d1e2f3a4b5c&token=Zx_9-k2Qw8rT1yU3iO5pA7sD9')).toBe(
      'https://portal.ponteiiot.com.br/login',
    );
    expect(stripUrl('/relativo/kQzTwVbNmRpLsXyHj4?t=abcdefabcdefabcdefabcdef1')).toBe('/relativo/:token');
  });
});
