/**
 * Machines' tunnel subnets (issue 34), through the routes: the same size as the LAN, unique across the platform
 * (two factories on 192.168.0.0/24 get two tunnel subnets), kept while the LAN keeps its size, a new one when it
 * changes, none without a LAN; and the LAN a machine may have (RFC 1918, /16 to /30), refused with the reason.
 */
import { describe, expect, it } from 'vitest';
import { LAN_MESSAGES, parseCidr } from '@/contracts/tunnel';
import { call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { seedFleet } from './__tests__/fixtures';

interface ApiMachine {
  id: string;
  lanSubnet: string;
  tunnelSubnet: string | null;
  version: number;
}
type ApiError = { error: { code: string; message: string; field?: string } };

const input = (id: (demoId: string) => string, lanSubnet: string, name = 'Extrusora Clone') => ({
  name,
  serialNumber: '',
  modelId: id('machine-model-1005'),
  customerId: id('customer-1005'),
  deviceId: '',
  site: '',
  lanSubnet,
  services: [
    { name: 'IHM web', protocol: 'http', port: '80' },
    { name: 'Modbus', protocol: 'modbus-tcp', port: '502' },
  ],
});
const create = (owner: string, body: object) => call<ApiMachine & ApiError>('POST', '/machine', { as: owner, body, headers: { 'Idempotency-Key': makeIdempotencyKey() } });
const put = (owner: string, machineId: string, body: object, version: number) =>
  call<ApiMachine & ApiError>('PUT', `/machine/${machineId}`, { as: owner, body, headers: { 'If-Match': String(version) } });
const inPool = (subnet: string | null) => {
  const block = parseCidr(subnet ?? '');
  return block !== null && block.start >= (parseCidr('10.128.0.0/9')?.start ?? 0) && block.end <= (parseCidr('10.128.0.0/9')?.end ?? 0);
};

describe('tunnel subnets', () => {
  it('gives two machines on 192.168.0.0/24 — even created at once, by two builders — two tunnel subnets of the same size', async () => {
    const { maria, serra, id } = await seedFleet();
    const theirs = await create(serra, { ...input(id, '192.168.0.0/24', 'Pasteurizador Clone'), modelId: id('machine-model-1101'), customerId: id('customer-1101') });
    const [a, b] = await Promise.all([create(maria, input(id, '192.168.0.0/24', 'Clone A')), create(maria, input(id, '192.168.0.0/24', 'Clone B'))]);
    for (const answer of [a, b, theirs]) {
      expect(answer.status).toBe(201);
      expect(answer.body.lanSubnet).toBe('192.168.0.0/24');
      expect(answer.body.tunnelSubnet).toMatch(/\/24$/);
      expect(inPool(answer.body.tunnelSubnet)).toBe(true);
    }
    expect(new Set([a.body.tunnelSubnet, b.body.tunnelSubnet, theirs.body.tunnelSubnet]).size).toBe(3);
    // Read back as written.
    expect((await call<ApiMachine>('GET', `/machine/${a.body.id}`, { as: maria })).body.tunnelSubnet).toBe(a.body.tunnelSubnet);
    const listed = await call<{ data: ApiMachine[] }>('GET', `/machine?q=Clone&perPage=100`, { as: maria });
    expect(listed.body.data.map((m) => m.tunnelSubnet).sort()).toEqual([a.body.tunnelSubnet, b.body.tunnelSubnet].sort());
    // Without a LAN: none.
    const plain = await create(maria, input(id, ''));
    expect(plain).toMatchObject({ status: 201, body: { lanSubnet: '', tunnelSubnet: null } });
  });

  it('keeps the tunnel subnet while the LAN keeps its size, takes a new one when it changes, none when cleared', async () => {
    const { maria, id } = await seedFleet();
    const created = (await create(maria, input(id, '192.168.0.0/24'))).body;
    const first = created.tunnelSubnet;
    const renumbered = await put(maria, created.id, input(id, '192.168.7.0/24'), created.version);
    expect(renumbered).toMatchObject({ status: 200, body: { lanSubnet: '192.168.7.0/24', tunnelSubnet: first } });

    const larger = await put(maria, created.id, input(id, '10.20.0.0/16'), renumbered.body.version);
    expect(larger.status).toBe(200);
    expect(larger.body.tunnelSubnet).toMatch(/\.0\.0\/16$/);
    expect(inPool(larger.body.tunnelSubnet)).toBe(true);
    expect(larger.body.tunnelSubnet).not.toBe(first);

    const smaller = await put(maria, created.id, input(id, '10.20.30.0/28'), larger.body.version);
    expect(smaller.body.tunnelSubnet).toMatch(/\/28$/);
    expect(parseCidr(smaller.body.tunnelSubnet ?? '')?.start).not.toBeUndefined();

    const cleared = await put(maria, created.id, input(id, ''), smaller.body.version);
    expect(cleared).toMatchObject({ status: 200, body: { lanSubnet: '', tunnelSubnet: null } });
    // A LAN again: a fresh block (the one it had may be anyone's now).
    const again = await put(maria, created.id, input(id, '192.168.0.0/24'), cleared.body.version);
    expect(again.body.tunnelSubnet).toMatch(/\/24$/);
    // A stale version still refuses (the tunnel's retry is not a way around it).
    expect((await put(maria, created.id, input(id, '10.9.0.0/16'), cleared.body.version)).status).toBe(409);
  });

  it.each([
    ['8.8.8.0/24', LAN_MESSAGES.notPrivate],
    ['0.0.0.0/0', LAN_MESSAGES.notPrivate],
    ['200.160.0.0/16', LAN_MESSAGES.notPrivate],
    ['10.0.0.0/8', LAN_MESSAGES.size],
    ['192.168.0.2/31', LAN_MESSAGES.size],
    ['192.168.0.10/32', LAN_MESSAGES.size],
    ['192.168.0.10/24', LAN_MESSAGES.invalid],
  ])('refuses the LAN %s with the reason', async (lanSubnet, message) => {
    const owner = makeUid();
    const answer = await create(owner, { ...input(() => 'x', lanSubnet) });
    expect(answer).toMatchObject({ status: 400, body: { error: { field: 'lanSubnet', message } } });
  });
});
