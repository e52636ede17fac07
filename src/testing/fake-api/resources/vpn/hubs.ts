/**
 * `/hub` on the VPN backend (staff only; issue 34): the WireGuard hubs — list, get, create (`Idempotency-Key`),
 * update (PATCH, `If-Match`), a new credential (the token answered once; the previous one stops working) and moving
 * a gateway to another hub (`POST /hub/:id/gateway`, the answer says the gateway needs its new file). The hubs'
 * reports (status, peers) are the real backend's business: here two hubs are kept beside the seed's data, one online
 * and healthy, one offline with a health problem, and every gateway with a VPN node starts on the first.
 */
import { http, HttpResponse } from 'msw';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { HUB_MESSAGES } from '@/contracts/hub';
import { hubInputSchema } from '@/entities/hubs/hub-input';
import { parseBody, requestedVersion, VERSION_REQUIRED_MESSAGE } from '@/testing/fake-api/collection';
import type { DemoData } from '@/testing/fake-api/db';
import { adminOnly, apiError, idempotent, notFound, readJson, serialize, timestamp, validationError, type HandlerContext } from '@/testing/fake-api/http';

export const HUB_DUPLICATE_NAME = 'Já existe um hub com este nome.';
export const GATEWAY_NOT_FOUND = 'Gateway não encontrado.';
export const HUB_DEVICE_MESSAGE = 'Informe o gateway a mover.';

export interface HubRecord {
  id: string;
  name: string;
  region: string;
  endpointHost: string;
  endpointPort: number;
  publicKey: string | null;
  lastReportAt: number | null;
  appliedVersion: string | null;
  health: { ok: boolean; message?: string; implementation: string; startedAt: number } | null;
  /** Remote-access sessions and VPN users the hub holds besides its gateways (its last report). */
  otherPeers: number;
  /** The credential's token (the real API keeps only its hash). */
  token: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface HubStore {
  hubs: HubRecord[];
  /** deviceId → hubId. */
  gateways: Map<string, string>;
  sequence: number;
}

/** A hub is online while it reported within this. */
const ONLINE_WINDOW_MS = 90_000;

const stores = new WeakMap<DemoData, HubStore>();

function seedStore(data: DemoData): HubStore {
  const now = Date.now();
  const hubs: HubRecord[] = [
    {
      id: 'hub-1',
      name: 'hub-sp-1',
      region: 'São Paulo',
      endpointHost: 'vpn-sp1.ponteiiot.com.br',
      endpointPort: 51820,
      publicKey: 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=',
      lastReportAt: now - 20_000,
      appliedVersion: 'v-3f9a',
      health: { ok: true, implementation: 'kernel', startedAt: now - 86_400_000 },
      otherPeers: 3,
      token: 'hub-1.seed-token',
      version: 1,
      createdAt: now - 30 * 86_400_000,
      updatedAt: now - 30 * 86_400_000,
    },
    {
      id: 'hub-2',
      name: 'hub-poa-1',
      region: 'Porto Alegre',
      endpointHost: '203.0.113.20',
      endpointPort: 51821,
      publicKey: 'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=',
      lastReportAt: now - 3_600_000,
      appliedVersion: 'v-11c2',
      health: { ok: false, message: 'O comando nft não está instalado no hub.', implementation: 'wireguard-go', startedAt: now - 7_200_000 },
      otherPeers: 0,
      token: 'hub-2.seed-token',
      version: 1,
      createdAt: now - 10 * 86_400_000,
      updatedAt: now - 10 * 86_400_000,
    },
  ];
  const gateways = new Map<string, string>();
  for (const node of data.vpnNodes) gateways.set(node.deviceId, 'hub-1');
  return { hubs, gateways, sequence: 1000 };
}

/** The hubs of this database (made on first use, dropped with it). */
export function hubStore(data: DemoData): HubStore {
  let store = stores.get(data);
  if (!store) {
    store = seedStore(data);
    stores.set(data, store);
  }
  return store;
}

function hubJson(store: HubStore, hub: HubRecord, now = Date.now()) {
  let gatewayCount = 0;
  for (const hubId of store.gateways.values()) if (hubId === hub.id) gatewayCount += 1;
  const { otherPeers, token: _token, ...rest } = hub;
  return serialize({
    ...rest,
    online: hub.lastReportAt !== null && now - hub.lastReportAt <= ONLINE_WINDOW_MS,
    peerCount: hub.lastReportAt === null ? 0 : gatewayCount + otherPeers,
    gatewayCount,
  }) as Record<string, unknown>;
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function hubHandlers(ctx: HandlerContext) {
  const { db, vpnApiUrl } = ctx;
  const base = `${vpnApiUrl}/hub`;
  const store = () => hubStore(db.data);
  const find = (id: string) => store().hubs.find((hub) => hub.id === id);
  const sameName = (name: string, except: string | null) =>
    store().hubs.some((hub) => hub.id !== except && hub.name.toLowerCase() === name.toLowerCase());

  return [
    http.get(base, adminOnly(ctx, () => {
      const { hubs } = store();
      const data = [...hubs].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')).map((hub) => hubJson(store(), hub));
      return HttpResponse.json({ data, meta: { page: 1, perPage: Math.max(data.length, 1), total: data.length } });
    })),

    http.get(`${base}/:id`, adminOnly(ctx, ({ params }) => {
      const hub = find(String(params.id));
      return hub ? HttpResponse.json(hubJson(store(), hub)) : notFound(HUB_MESSAGES.notFound);
    })),

    http.post(base, adminOnly(ctx, async ({ request, principal }) => {
      const body = await readJson(request);
      const parsed = parseBody(hubInputSchema, body);
      if (!parsed.ok) return parsed.response;
      return idempotent(request, ctx, principal.uid, () => {
        if (sameName(parsed.data.name, null)) return apiError(409, 'duplicate-name', HUB_DUPLICATE_NAME, { field: 'name' });
        const now = Date.now();
        store().sequence += 1;
        const hub: HubRecord = {
          id: `hub-${store().sequence}`,
          ...parsed.data,
          publicKey: null,
          lastReportAt: null,
          appliedVersion: null,
          health: null,
          otherPeers: 0,
          token: null,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        store().hubs.push(hub);
        return HttpResponse.json(hubJson(store(), hub), { status: 201 });
      });
    })),

    http.patch(`${base}/:id`, adminOnly(ctx, async ({ request, params }) => {
      const hub = find(String(params.id));
      if (!hub) return notFound(HUB_MESSAGES.notFound);
      const body = await readJson(request);
      const version = requestedVersion(request, body);
      if (version === null) return apiError(428, 'version-required', VERSION_REQUIRED_MESSAGE);
      if (version !== hub.version) return apiError(409, 'version-conflict', VERSION_CONFLICT_MESSAGE, { current: hubJson(store(), hub) });
      const parsed = parseBody(hubInputSchema.partial(), body ?? {});
      if (!parsed.ok) return parsed.response;
      if (parsed.data.name !== undefined && sameName(parsed.data.name, hub.id)) {
        return apiError(409, 'duplicate-name', HUB_DUPLICATE_NAME, { field: 'name' });
      }
      Object.assign(hub, parsed.data);
      hub.version += 1;
      hub.updatedAt = Math.max(Date.now(), hub.updatedAt + 1);
      return HttpResponse.json(hubJson(store(), hub));
    })),

    http.post(`${base}/:id/credential`, adminOnly(ctx, ({ params }) => {
      const hub = find(String(params.id));
      if (!hub) return notFound(HUB_MESSAGES.notFound);
      const now = Date.now();
      hub.token = `${hub.id}.${randomToken()}`;
      hub.updatedAt = Math.max(now, hub.updatedAt + 1);
      return HttpResponse.json({ hubId: hub.id, token: hub.token, issuedAt: timestamp(now) }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
    })),

    http.post(`${base}/:id/gateway`, adminOnly(ctx, async ({ request, params }) => {
      const hub = find(String(params.id));
      if (!hub) return notFound(HUB_MESSAGES.notFound);
      const body = await readJson(request);
      const deviceId = typeof body?.deviceId === 'string' ? body.deviceId.trim() : '';
      if (deviceId === '') return validationError(HUB_DEVICE_MESSAGE, 'deviceId');
      if (!db.data.devices.some((device) => device.id === deviceId)) return notFound(GATEWAY_NOT_FOUND);
      const previousHubId = store().gateways.get(deviceId) ?? null;
      store().gateways.set(deviceId, hub.id);
      return HttpResponse.json({ deviceId, hubId: hub.id, previousHubId, message: HUB_MESSAGES.movedNeedsNewFile });
    })),
  ];
}
