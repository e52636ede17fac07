/**
 * POST /auth-download: the VPN client configuration of a gateway, as a file. It changes state (access 'edit'):
 * each download makes a NEW WireGuard key pair, answers the private key only inside the file and stores only the
 * public key — the previous key is thereby revoked. A gateway without a VPN address gets the first free one. The file
 * names the gateway's hub (assigned when it has none) and maps its machines' tunnel subnets (issue 34). In
 * demo mode, a never-connected gateway comes online DEVICE_ONLINE_DELAY_MS after its first download (the
 * "Configurar Conexão" wizard waits for that; reads settle it, see settle.ts). The device: `?deviceId=` (the
 * demo's form) or `{ "deviceId": … }` in a JSON body.
 */
import { z } from '@hono/zod-openapi';
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { demoMode } from '../../../demo/mode';
import { notFound, validationError } from '../../../shared/errors';
import { errorsOf } from '../../../shared/openapi';
import { device } from '../../db/device-schema';
import { gatewayHub } from '../../../vpn/routes/hubs/assign';
import { machine } from '../../db/fleet-schema';
import { DEVICE_ID_REQUIRED, DEVICE_NOT_FOUND, DEVICE_TAG } from './constants';
import { findDevice, type DeviceRow } from './queries';
import { downloadBody, downloadQuery } from './schemas';
import { DEVICE_ONLINE_DELAY_MS } from './settle';
import { attachment, firstFreeVpnAddress, generateWireGuardKeyPair, vpnConfiguration, type ConfigurationMachine } from './wireguard';

const ADDRESS_ATTEMPTS = 5;

/** The gateways' addresses in use. The VPN's address space is shared by every account: no owner here, only addresses. */
async function takenVpnAddresses(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ address: device.vpnAddress })
    .from(device)
    .where(and(gte(device.vpnAddress, '10.88.'), lt(device.vpnAddress, '10.89')));
  return new Set(rows.flatMap((row) => (row.address ? [row.address] : [])));
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed/.test(`${error.message} ${String(error.cause ?? '')}`);

/** Stores the new public key (and, when missing, an address; in the demo, when it comes online): the updated row. */
async function rotateKey(db: Db, owner: string, id: string, publicKey: string, demo: boolean): Promise<DeviceRow | null> {
  const now = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const current = await findDevice(db, owner, id);
    if (!current) return null;
    const address = current.vpnAddress ?? firstFreeVpnAddress(await takenVpnAddresses(db));
    try {
      const [row] = await db
        .update(device)
        .set({
          wgPublicKey: publicKey,
          wgKeyRotatedAt: now,
          vpnAddress: sql`COALESCE(${device.vpnAddress}, ${address})`,
          // Telemetry, not an edit: the version stays (no form open on the device gets a conflict).
          ...(demo
            ? {
                comesOnlineAt: sql`CASE WHEN ${device.status} = 'never-connected' AND ${device.comesOnlineAt} IS NULL
                  THEN ${now + DEVICE_ONLINE_DELAY_MS} ELSE ${device.comesOnlineAt} END`,
              }
            : {}),
        })
        .where(and(eq(device.ownerUid, owner), eq(device.id, id)))
        .returning();
      return row ?? null;
    } catch (error) {
      // Another gateway took that address meanwhile: pick again.
      if (!isUniqueViolation(error) || attempt >= ADDRESS_ATTEMPTS) throw error;
    }
  }
}

/** The machines behind the gateway that have a tunnel subnet (one, as a gateway is installed on one machine). */
async function gatewayMachines(db: Db, owner: string, deviceId: string): Promise<ConfigurationMachine[]> {
  const rows = await db
    .select({ name: machine.name, lanSubnet: machine.lanSubnet, tunnelSubnet: machine.tunnelSubnet })
    .from(machine)
    .where(and(eq(machine.ownerUid, owner), eq(machine.deviceId, deviceId), isNotNull(machine.tunnelSubnet)))
    .orderBy(asc(machine.id));
  return rows.flatMap((row) => (row.tunnelSubnet ? [{ name: row.name, lanSubnet: row.lanSubnet, tunnelSubnet: row.tunnelSubnet }] : []));
}

export function downloadRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'post',
      path: '/auth-download',
      tags: [DEVICE_TAG],
      summary: 'Gera a configuração VPN (WireGuard) do dispositivo, com um novo par de chaves',
      description:
        'Cada download cria um novo par de chaves X25519: a chave privada só existe no arquivo; a anterior deixa de valer. ' +
        'O arquivo aponta para o hub do gateway (endpoint e chave pública do hub; o menos carregado é atribuído na ' +
        'primeira vez) e mapeia 1:1 a sub-rede do túnel de cada máquina na rede dela (PostUp/PostDown com nftables). ' +
        '409: nenhum hub cadastrado, ou o hub ainda não informou a sua chave pública (a chave do gateway não muda).',
      request: {
        query: downloadQuery,
        body: { required: false, content: { 'application/json': { schema: downloadBody } } },
      },
      responses: {
        200: { description: 'O arquivo .conf.', content: { 'text/plain': { schema: z.string() } } },
        ...errorsOf([400, 401, 403, 404, 409]),
      },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const fromBody = (c.req.valid('json') as z.infer<typeof downloadBody> | undefined)?.deviceId;
      const deviceId = (c.req.valid('query').deviceId ?? fromBody ?? '').trim();
      if (!deviceId) throw validationError(DEVICE_ID_REQUIRED, 'deviceId');
      if (!(await findDevice(db, owner, deviceId))) throw notFound(DEVICE_NOT_FOUND);
      // Before the key changes: no hub (or one not registered yet) answers 409 and the gateway keeps its key.
      const hub = await gatewayHub(db, deviceId);
      const keys = await generateWireGuardKeyPair();
      const row = await rotateKey(db, owner, deviceId, keys.publicKey, demoMode(c.env).standInHub);
      if (!row?.vpnAddress) throw notFound(DEVICE_NOT_FOUND);
      const text = vpnConfiguration({
        name: row.name,
        serialNumber: row.serialNumber,
        vpnAddress: row.vpnAddress,
        privateKey: keys.privateKey,
        hub,
        machines: await gatewayMachines(db, owner, row.id),
        now: row.wgKeyRotatedAt ?? Date.now(),
      });
      return c.body(text, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': attachment(row.name),
        'Cache-Control': 'no-store',
      }) as never;
    },
  );
}
