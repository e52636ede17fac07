import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES } from '@/contracts/hub';
import { makeEmulatorToken } from '../../../testing/tokens';
import { call, makeUid } from '../../../testing/api';
import { app } from '../../index';
import { allocateTunnel } from '../machines/tunnel';
import { insertHub, type TestHub } from '../remote-access/fixtures';
import { insertDevice, insertMachine, insertInstalledDevice, testDb } from './fixtures';

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

let hub: TestHub | null = null;
/** This file's registered hub (the gateways of the tests go through it). */
const theHub = async () => (hub ??= await insertHub({ name: `Hub São Paulo ${Math.random().toString(36).slice(2, 8)}`, endpointHost: 'hub-sp.teste.ponteiiot.com.br', endpointPort: 51820 }));
const throughHub = async () => ({ hubId: (await theHub()).id });

/** Gives the machine a tunnel subnet of its LAN's size (as the machines' routes do). */
async function withTunnel(machineId: string, lanSubnet: string): Promise<string> {
  const tunnel = await allocateTunnel(testDb(), Number(lanSubnet.split('/')[1]));
  await env.DB.prepare('UPDATE machine SET lan_subnet = ?, tunnel_subnet = ?, tunnel_start = ?, tunnel_end = ? WHERE id = ?')
    .bind(lanSubnet, tunnel.tunnelSubnet, tunnel.tunnelStart, tunnel.tunnelEnd, machineId)
    .run();
  return tunnel.tunnelSubnet ?? '';
}

/** A request to the app itself with the demo's environment (DEMO=true). */
function demoCall(method: string, path: string, uid: string) {
  return app.request(path, { method, headers: { Authorization: `Bearer ${makeEmulatorToken({ uid })}` } }, { ...env, DEMO: 'true' });
}

describe('POST /auth-download', () => {
  it('sends the VPN configuration as a .conf attachment named after the device, with a new key pair each time', async () => {
    const owner = makeUid();
    const { device, machine } = await insertInstalledDevice(owner, { name: 'Gateway Injetora IH-450 #01', vpnAddress: '10.88.200.10', ...(await throughHub()) });
    const tunnel = await withTunnel(machine.id, '192.168.10.0/24');

    const answer = await call<string>('POST', `/auth-download?deviceId=${device.id}`, { as: owner });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(answer.headers.get('Content-Disposition')).toBe(
      `attachment; filename="gateway-injetora-ih-450-01.conf"; filename*=UTF-8''gateway-injetora-ih-450-01.conf`,
    );
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    const text = answer.body;
    const { publicKey: hubKey } = await theHub();
    expect(text).toContain('# Ponte IIoT — configuração VPN do dispositivo Gateway Injetora IH-450 #01');
    expect(text).toContain(`# Número de série: ${device.serialNumber}`);
    expect(text).toContain('[Interface]');
    expect(text).toContain('Address = 10.88.200.10/32');
    expect(text).not.toContain('DNS');
    expect(text).toContain('[Peer]');
    expect(text).toContain(`PublicKey = ${hubKey}`);
    expect(text).toContain('Endpoint = hub-sp.teste.ponteiiot.com.br:51820');
    expect(text).toContain('AllowedIPs = 10.86.0.0/16, 10.87.0.0/16, 10.88.0.1/32');
    expect(text).not.toContain('AllowedIPs = 192.168.10.0/24');
    expect(text).toContain(`ip daddr ${tunnel} dnat ip prefix to 192.168.10.0/24`);
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
    const owner = makeUid();
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
    const owner = makeUid();
    const device = await insertDevice(owner, { status: 'never-connected', lastSeenAt: null, ...(await throughHub()) });
    const text = (await call<string>('POST', `/auth-download?deviceId=${device.id}`, { as: owner })).body;
    const address = (await call<Device>('GET', `/device/${device.id}`, { as: owner })).body.vpnAddress;
    expect(address).toMatch(/^10\.88\.\d+\.\d+$/);
    expect(text).toContain(`Address = ${address}/32`);
    const next = await insertDevice(owner, { status: 'never-connected', lastSeenAt: null, ...(await throughHub()) });
    await call('POST', `/auth-download?deviceId=${next.id}`, { as: owner });
    const nextAddress = (await call<Device>('GET', `/device/${next.id}`, { as: owner })).body.vpnAddress;
    expect(nextAddress).toMatch(/^10\.88\.\d+\.\d+$/);
    expect(nextAddress).not.toBe(address);
  });

  it('in the demo, brings a never-connected gateway online about 8 s after its first download, keeping its version', async () => {
    const owner = makeUid();
    const device = await insertDevice(owner, { status: 'never-connected', lastSeenAt: null, version: 2, ...(await throughHub()) });
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

  it('is complete for wg-quick on the gateway: the hub, the hub’s networks, and each machine’s tunnel mapped 1:1 onto its LAN', async () => {
    const owner = makeUid();
    const theirHub = await theHub();
    const device = await insertDevice(owner, { name: 'Gateway Linha 2', serialNumber: 'PG1-T2MAQ', vpnAddress: '10.88.201.20', ...(await throughHub()) });
    // Two machines behind one gateway (written straight to D1), one without a LAN (no tunnel: left out).
    const a = await insertMachine(owner, { name: 'Extrusora EX-90 #01', deviceId: device.id });
    const b = await insertMachine(owner, { name: 'Envasadora EV-12 #02', deviceId: device.id });
    await insertMachine(owner, { name: 'Sem rede', deviceId: device.id });
    const tunnelA = await withTunnel(a.id, '192.168.0.0/24');
    const tunnelB = await withTunnel(b.id, '10.20.0.0/16');
    const ordered = [a, b].sort((x, y) => (x.id < y.id ? -1 : 1)).map((m) => (m === a ? ['Extrusora EX-90 #01', tunnelA, '192.168.0.0/24'] : ['Envasadora EV-12 #02', tunnelB, '10.20.0.0/16']));

    const answer = await call<string>('POST', `/auth-download?deviceId=${device.id}`, { as: owner });
    expect(answer.status).toBe(200);
    const generated = /# Gerada em: (\S+)/.exec(answer.body)?.[1] ?? '';
    expect(new Date(generated).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.body).toBe(
      [
        '# Ponte IIoT — configuração VPN do dispositivo Gateway Linha 2',
        '# Número de série: PG1-T2MAQ',
        `# Gerada em: ${generated}`,
        `# Hub VPN: ${theirHub.name}`,
        '# No gateway (Linux com WireGuard e nftables): salve como /etc/wireguard/ponte.conf e rode `wg-quick up ponte`.',
        '# Não compartilhe: contém a chave privada.',
        '',
        '[Interface]',
        `PrivateKey = ${privateKeyOf(answer.body)}`,
        'Address = 10.88.201.20/32',
        '# Encaminhamento: cada sub-rede do túnel é mapeada 1:1 na rede da máquina (DNAT de prefixo), com mascaramento',
        '# na saída (o CLP não precisa de rota de volta). Do túnel, só passa o que foi mapeado. Requer nftables.',
        'PostUp = sysctl -q -w net.ipv4.ip_forward=1',
        "PostUp = nft 'add table ip ponte_%i'",
        "PostUp = nft 'flush table ip ponte_%i'",
        "PostUp = nft 'add chain ip ponte_%i prerouting { type nat hook prerouting priority dstnat; policy accept; }'",
        "PostUp = nft 'add chain ip ponte_%i postrouting { type nat hook postrouting priority srcnat; policy accept; }'",
        "PostUp = nft 'add chain ip ponte_%i forward { type filter hook forward priority filter; policy accept; }'",
        ...ordered.flatMap(([name, tunnel, lan]) => [
          `# ${name}: ${tunnel} → ${lan}`,
          `PostUp = nft 'add rule ip ponte_%i prerouting iifname "%i" ip daddr ${tunnel} dnat ip prefix to ${lan}'`,
          `PostUp = nft 'add rule ip ponte_%i postrouting ip saddr 10.86.0.0/15 ip daddr ${lan} masquerade'`,
        ]),
        `PostUp = nft 'add rule ip ponte_%i forward iifname "%i" ct status dnat accept'`,
        `PostUp = nft 'add rule ip ponte_%i forward iifname "%i" drop'`,
        "PostDown = nft 'delete table ip ponte_%i'",
        '',
        '[Peer]',
        `# O hub ${theirHub.name}`,
        `PublicKey = ${theirHub.publicKey}`,
        'Endpoint = hub-sp.teste.ponteiiot.com.br:51820',
        'AllowedIPs = 10.86.0.0/16, 10.87.0.0/16, 10.88.0.1/32',
        'PersistentKeepalive = 25',
        '',
      ].join('\n'),
    );
    expect(tunnelA).toMatch(/^10\.(12[89]|1[3-9]\d|2[0-5]\d)\.\d+\.0\/24$/);
    expect(tunnelB).toMatch(/^10\.(12[89]|1[3-9]\d|2[0-5]\d)\.0\.0\/16$/);
  });

  it('answers 409 in Portuguese while there is no hub, or the gateway’s hub has not registered — and keeps the key', async () => {
    const owner = makeUid();
    const unregistered = await insertHub({ registered: false });
    const device = await insertDevice(owner, { vpnAddress: null, hubId: unregistered.id });
    const waiting = await call('POST', `/auth-download?deviceId=${device.id}`, { as: owner });
    expect(waiting).toMatchObject({ status: 409, body: { error: { code: 'hub-not-registered', message: HUB_MESSAGES.hubNotRegistered } } });
    expect((await keyColumns(device.id))?.publicKey).toBeNull();

    // No hub at all (the hubs of the database removed: this file's own are made again on demand).
    await env.DB.prepare('DELETE FROM vpn_hub').run();
    hub = null;
    const lone = await insertDevice(owner, { vpnAddress: null });
    const none = await call('POST', `/auth-download?deviceId=${lone.id}`, { as: owner });
    expect(none).toMatchObject({ status: 409, body: { error: { code: 'no-hub', message: HUB_MESSAGES.noHub } } });
    expect(HUB_MESSAGES.noHub).toBe('Nenhum hub VPN está cadastrado: a equipe Ponte IIoT precisa registrar um hub antes de gerar configurações.');
    expect(await keyColumns(lone.id)).toMatchObject({ publicKey: null, rotatedAt: null });
  });
});
