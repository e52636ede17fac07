import { describe, expect, it } from 'vitest';
import { app as mainApp } from '../main/index';
import { app as vpnApp } from '../vpn/index';
import { answerProblem, describedRoute } from '../testing/conformance';

/** Hono's `/customer/:id` as OpenAPI's `/customer/{id}`. */
const asOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe.each([
  ['main', mainApp],
  ['vpn', vpnApp],
] as const)('the %s Worker and its OpenAPI document', (_name, app) => {
  it('describes every route it serves', () => {
    // The demo's routes (/demo/*: reset, seed, mailbox) answer only in demo mode and are hidden from the document
    // on purpose: a deployed API does not have them.
    const served = [
      ...new Set(
        app.routes
          .filter((route) => route.method !== 'ALL' && route.path !== '/openapi.json' && !route.path.startsWith('/demo/'))
          .map((route) => `${route.method} ${asOpenApiPath(route.path)}`),
      ),
    ];
    const undescribed = served.filter((entry) => {
      const [method, path] = entry.split(' ') as [string, string];
      return describedRoute(app, method, path.replace(/\{[^}]+\}/g, 'x'))?.path !== path;
    });
    expect(served.length).toBeGreaterThan(10);
    expect(undescribed).toEqual([]);
  });
});

describe('answers held to the document (what every call() of the server tests checks)', () => {
  it('finds a body outside the described schema, an undescribed status and a JSON answer sent as text', () => {
    const page = { data: [], meta: { page: 1, perPage: 20, total: 0 } };
    expect(answerProblem('main', 'GET', '/customer?page=1', 200, 'application/json', page)).toBeNull();
    expect(answerProblem('main', 'GET', '/customer', 200, 'application/json', { data: 'x' })).toMatch(
      /GET \/customer → 200: corpo fora do esquema descrito \(data: /,
    );
    expect(answerProblem('main', 'GET', '/customer', 418, 'application/json', {})).toMatch(/status não descrito/);
    expect(answerProblem('main', 'GET', '/customer', 200, 'text/plain', page)).toMatch(/respondido como text\/plain/);
    expect(answerProblem('vpn', 'GET', '/vpn-user', 200, 'application/json', { data: 1 })).toMatch(/corpo fora do esquema/);
  });

  it('describes what the app answers on any route: 401 without a session, 403 for a deleted account, 400 and 413 on a body', () => {
    const create = describedRoute(mainApp, 'POST', '/customer');
    expect(Object.keys(create?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '403', '413']));
    expect(Object.keys(describedRoute(mainApp, 'GET', '/me')?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
  });
});
