import { describe, expect, it } from 'vitest';
import { call } from '../testing/api';

const validUser = { name: 'Rodrigo Alves', email: 'rodrigo@exemplo.com.br', expiresAt: null, machineIds: [] };
const endpoints: Array<[string, string, object?]> = [
  ['GET', '/vpn-user'],
  ['POST', '/vpn-user', validUser],
  ['GET', '/vpn-user/vpn-user-1001'],
  ['PUT', '/vpn-user/vpn-user-1001', validUser],
  ['DELETE', '/vpn-user/vpn-user-1001'],
  ['POST', '/vpn-user/vpn-user-1001/enable'],
  ['POST', '/vpn-user/vpn-user-1001/disable'],
  ['GET', '/vpn-user/vpn-user-1001/config'],
  ['GET', '/vpn-node'],
  ['GET', '/vpn-node/vpn-node-1001'],
  ['POST', '/vpn-node/vpn-node-1001/credential'],
  ['GET', '/vpn-route'],
  ['POST', '/vpn-route', { nodeId: 'vpn-node-1001', network: '10.50.0.0/16' }],
  ['GET', '/vpn-route/vpn-route-1001'],
  ['PUT', '/vpn-route/vpn-route-1001', { nodeId: 'vpn-node-1001', network: '10.50.0.0/16' }],
  ['POST', '/vpn-route/vpn-route-1001/enable'],
  ['POST', '/vpn-route/vpn-route-1001/disable'],
  ['DELETE', '/vpn-route/vpn-route-1001'],
  ['GET', '/hub'],
  ['GET', '/hub/hub-1001'],
  ['POST', '/hub', { name: 'Hub novo', region: 'sa-east-1', endpointHost: '127.0.0.1' }],
  ['PATCH', '/hub/hub-1001', { region: 'us-east-1' }],
  ['POST', '/hub/hub-1001/credential'],
  ['POST', '/hub/hub-1001/gateway', { deviceId: 'device-1001' }],
];

describe('VPN API: staff only', () => {
  it.each(endpoints)('%s %s: 401 without a token, 403 with a customer’s', async (method, path, body) => {
    const options = { headers: { 'If-Match': '1' }, ...(body ? { body } : {}) };
    expect((await call(method, path, options)).status).toBe(401);
    const refused = await call(method, path, { ...options, as: 'demo-cliente-maria' });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: 'Acesso restrito à equipe Ponte IIoT.' } } });
  });

  it('documents every route with its access; the peers route is public (node credential)', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { 'x-access'?: string }>> }>('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/vpn-node/{id}/peers']?.get?.['x-access']).toBe('public');
    expect(doc.body.paths['/hub/{id}/state']?.get?.['x-access']).toBe('public');
    expect(doc.body.paths['/hub/{id}/report']?.post?.['x-access']).toBe('public');
    for (const [method, path] of endpoints) {
      const template = path.replace(/vpn-(user|node|route)-1001|hub-1001/, '{id}');
      expect(doc.body.paths[template]?.[method.toLowerCase()]?.['x-access'], `${method} ${template}`).toBe('staff');
    }
  });
});
