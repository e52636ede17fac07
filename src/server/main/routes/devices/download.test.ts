import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { emulatorToken } from '../../../testing/tokens';
import { call, freshUid } from '../../../testing/api';
import { app } from '../../index';
import { insertDevice, installedDevice } from './fixtures';

type Device = { id: string; status: string; lastSeenAt: unknown; vpnAddress: string | null; version: number };

const PKCS8_X25519_PREFIX = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20];
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** Whether `privateKey` (the file's) and `publicKey` (the stored one) are one X25519 pair: both sides derive one secret. */
async function samePair(privateKey: string, publicKey: string): Promise<boolean> {
  const pkcs8 = new Uint8Array([...PKCS8_X25519_PREFIX, ...fromBase64(privateKey)]);
  const mine = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'X25519' }, false, ['deriveBits']);
  const theirs = (await crypto.subtle.generateKey({ name: 'X25519' }, true, ['deriveBits'])) as CryptoKeyPair;
  const stored = await crypto.subtle.importKey('raw', fromBase64(publicKey), { name: 'X25519' }, true, []);
  const a = new Uint8Array(await crypto.subtle.deriveBits({ name: 'X25519', public: theirs.publicKey } as unknown as SubtleCryptoDeriveKeyAlgorithm, mine, 256));
  const b = new Uint8Array(await crypto.subtle.deriveBits({ name: 'X25519', public: stored } as unknown as SubtleCryptoDeriveKeyAlgorithm, theirs.privateKey, 256));
  return a.length === 32 && a.every((byte, i) => byte === b[i]);
}

async function keyColumns(id: string) {
  return env.DB.prepare('SELECT wg_public_key AS publicKey, wg_key_rotated_at AS rotatedAt, comes_online_at AS comesOnlineAt FROM device WHERE id = ?')
    .bind(id)
    .first<{ publicKey: string | null; rotatedAt: number | null; comesOnlineAt: number | null }>();
}

const privateKeyOf = (text: string) => /PrivateKey = (\S+)/.exec(text)?.[1] ?? '';

/** A request to the app itself with the demo's environment (DEMO=true). */
function demoCall(method: string, path: string, uid: string) {
  return app.request(path, { method, headers: { Authorization: `Bearer ${emulatorToken({ uid })}` } }, { ...env, DEMO: 'true' });
}

describe('POST /auth-download', () => {
  it('sends the VPN configuration as a .conf attachment named after the device, with a new key pair each time', async () => {
    const owner = freshUid();
    const { device } = await installedDevice(owner, { name: 'Gateway Injetora IH-450 #01', vpnAddress: '10.88.200.10' });
    await env.DB.prepare('UPDATE machine SET lan_subnet = ? WHERE id = ?').bind('192.168.10.0/24', device.machineId).run();

    const answer = await call<string>('POST', `/auth-download?deviceId=${device.id}`, { as: owner });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(answer.headers.get('Content-Disposition')).toBe(
      `attachment; filename="gateway-injetora-ih-450-01.conf"; filename*=UTF-8''gateway-injetora-ih-450-01.conf`,
    );
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    const text = answer.body;
    expect(text).toContain('# Ponte IIoT — configuração VPN do dispositivo Gateway Injetora IH-450 #01');
    expect(text).toContain(`# Número de série: ${device.serialNumber}`);
    expect(text).toContain('[Interface]');
    expect(text).toContain('Address = 10.88.200.10/32');
    expect(text).toContain('DNS = 10.88.0.1');
    expect(text).toContain('[Peer]');
    expect(text).toContain('PublicKey = HG7cXbE3togXgynzrbeMzxaQrqp53KCxTlCpSTywoaM=');
    expect(text).toContain('Endpoint = vpn.ponteiiot.com.br:51820');
    expect(text).toContain('AllowedIPs = 10.88.0.0/16, 192.168.10.0/24');
    expect(text).toMatch(/PrivateKey = [A-Za-z0-9+/]{43}=/);

    const first = await keyColumns(device.id);
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(text).not.toContain(first?.publicKey ?? '-');
    expect(await samePair(privateKeyOf(text), first?.publicKey ?? '')).toBe(true);

    // Again, as a JSON body: a new pair; the old public key is gone (revoked).
    const second = await call<string>('POST', '/auth-download', { as: owner, body: { deviceId: device.id } });
    expect(second.status).toBe(200);
    const rotated = await keyColumns(device.id);
    expect(rotated?.publicKey).not.toBe(first?.publicKey);
    expect(privateKeyOf(second.body)).not.toBe(privateKeyOf(text));
    expect(await samePair(privateKeyOf(second.body), rotated?.publicKey ?? '')).toBe(true);
    expect(await samePair(privateKeyOf(text), rotated?.publicKey ?? '')).toBe(false);
    // Not an edit of the record: its version stays; outside the demo nothing is scheduled.
    expect((await call<Device>('GET', `/device/${device.id}`, { as: owner })).body.version).toBe(1);
    expect(rotated?.comesOnlineAt).toBeNull();
  });

  it('needs the device (400), answers 404 for an unknown one, and is a POST', async () => {
    const owner = freshUid();
    const none = await call('POST', '/auth-download', { as: owner });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: { code: 'validation', message: 'Informe o dispositivo.', field: 'deviceId' } });
    expect((await call('POST', '/auth-download', { as: owner, body: { deviceId: '  ' } })).status).toBe(400);
    const unknown = await call('POST', '/auth-download?deviceId=device-nenhum', { as: owner });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'not-found', message: 'Dispositivo não encontrado.' } });
    const device = await insertDevice(owner);
    expect((await call('GET', `/auth-download?deviceId=${device.id}`, { as: owner })).status).toBe(404);
  });

  it('gives a gateway without an address the first free one of 10.88.0.0/16', async () => {
    const owner = freshUid();
    const device = await insertDevice(owner, { status: 'never-connected', lastSeenAt: null });
    const text = (await call<string>('POST', `/auth-download?deviceId=${device.id}`, { as: owner })).body;
    const address = (await call<Device>('GET', `/device/${device.id}`, { as: owner })).body.vpnAddress;
    expect(address).toMatch(/^10\.88\.\d+\.\d+$/);
    expect(text).toContain(`Address = ${address}/32`);
    const next = await insertDevice(owner, { status: 'never-connected', lastSeenAt: null });
    await call('POST', `/auth-download?deviceId=${next.id}`, { as: owner });
    const nextAddress = (await call<Device>('GET', `/device/${next.id}`, { as: owner })).body.vpnAddress;
    expect(nextAddress).toMatch(/^10\.88\.\d+\.\d+$/);
    expect(nextAddress).not.toBe(address);
  });

  it('in the demo, brings a never-connected gateway online about 8 s after its first download, keeping its version', async () => {
    const owner = freshUid();
    const device = await insertDevice(owner, { status: 'never-connected', lastSeenAt: null, version: 2 });
    const before = Date.now();
    const download = await demoCall('POST', `/auth-download?deviceId=${device.id}`, owner);
    expect(download.status).toBe(200);
    const scheduled = (await keyColumns(device.id))?.comesOnlineAt ?? 0;
    expect(scheduled).toBeGreaterThanOrEqual(before + 8000);
    expect(scheduled).toBeLessThan(Date.now() + 8000 + 1);
    // A second download does not push it back.
    await demoCall('POST', `/auth-download?deviceId=${device.id}`, owner);
    expect((await keyColumns(device.id))?.comesOnlineAt).toBe(scheduled);

    const waiting = (await (await demoCall('GET', `/device/${device.id}`, owner)).json()) as Device;
    expect(waiting.status).toBe('never-connected');

    // Its time comes (moved to the past rather than waiting 8 s).
    await env.DB.prepare('UPDATE device SET comes_online_at = ? WHERE id = ?').bind(Date.now() - 1000, device.id).run();
    const listed = (await (await demoCall('GET', '/device', owner)).json()) as { data: Device[] };
    expect(listed.data[0]).toMatchObject({ id: device.id, status: 'online', version: 2 });
    expect(listed.data[0]?.lastSeenAt).not.toBeNull();
    expect((await keyColumns(device.id))?.comesOnlineAt).toBeNull();
  });
});
