/**
 * `/vpn-user` on the VPN backend (staff only): list (search by name or e-mail, filter by status ativo / desativado
 * / expirado, sorts, pages), get, create (`Idempotency-Key`), update (`If-Match`), enable / disable, delete, and
 * `GET /vpn-user/:id/config`, the user's WireGuard client configuration as a file — refused for a disabled user
 * (409) and for an expired one (403: expired access is off).
 *
 * A user reaches machines of one builder (any builder's, chosen by staff); the configuration routes to the nodes of
 * those machines' gateways and the enabled routes behind them.
 */
import { http, HttpResponse } from 'msw';
import {
  VPN_MACHINE_GONE_MESSAGE,
  VPN_MACHINES_ONE_OWNER_MESSAGE,
  VPN_USER_DISABLED_CODE,
  VPN_USER_DISABLED_MESSAGE,
  VPN_USER_DUPLICATE_EMAIL,
  VPN_USER_EXPIRED_CODE,
  vpnUserConfigFileName,
  vpnUserExpiredMessage,
  vpnUserInputSchema,
  vpnUserListQuery,
  vpnUserStatus,
  type VpnUserInput,
} from '@/contracts/vpn';
import { list } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { adminOnly, apiError, notFound, validationError, type HandlerContext } from '@/testing/fake-api/http';
import {
  createManaged,
  deleteManaged,
  enabledSwitch,
  findManaged,
  getManaged,
  switchManaged,
  updateManaged,
  type ManagedSpec,
} from '@/testing/fake-api/managed-collection';
import { formatDate } from '@/lib/dates';
import { demoKey } from '@/testing/fake-api/wireguard-keys';
import { VPN_ENDPOINT } from '../devices/handlers';
import { VPN_SERVER_ADDRESS } from '../devices/records';
import { vpnUserAddress, type VpnUserRecord } from '@/seed/vpn/records';

export const VPN_USER_NOT_FOUND = 'Usuário VPN não encontrado.';

function ownerNames(db: DemoDb): Map<string, string> {
  return new Map(db.data.assemblers.map((assembler) => [assembler.uid, assembler.name]));
}

/** The user as the API sends it: status, VPN address, machines by name and the builder's name joined. */
export function vpnUserJson(db: DemoDb, now = Date.now()) {
  const owners = ownerNames(db);
  return (user: VpnUserRecord) => {
    const wanted = new Set(user.machineIds);
    const machines = db.data.machines
      .filter((machine) => wanted.has(machine.id))
      .map((machine) => ({
        id: machine.id,
        name: machine.name,
        serialNumber: machine.serialNumber,
        ownerName: owners.get(machine.ownerUid) ?? null,
      }));
    return {
      ...user,
      status: vpnUserStatus(user, now),
      vpnAddress: vpnUserAddress(user.id),
      machines,
      ownerName: user.ownerUid ? (owners.get(user.ownerUid) ?? null) : null,
    };
  };
}

// ---- the client configuration ----

/** The networks the user's client routes through the VPN: the server, its machines' nodes and their enabled routes. */
export function vpnUserAllowedIps(db: DemoDb, user: VpnUserRecord): string[] {
  const machines = new Set(user.machineIds);
  const deviceIds = new Set(
    db.data.machines.flatMap((machine) => (machines.has(machine.id) && machine.deviceId ? [machine.deviceId] : [])),
  );
  const nodes = db.data.vpnNodes.filter((node) => deviceIds.has(node.deviceId));
  const nodeIds = new Set(nodes.map((node) => node.id));
  const routes = db.data.vpnRoutes.filter((route) => route.enabled && nodeIds.has(route.nodeId)).map((route) => route.network);
  return [...new Set([`${VPN_SERVER_ADDRESS}/32`, ...nodes.map((node) => `${node.vpnAddress}/32`), ...routes])];
}

/** A WireGuard client configuration for the VPN user (the file "Baixar configuração" saves). */
export function vpnUserConfiguration(db: DemoDb, user: VpnUserRecord, now: number): string {
  const machines = db.data.machines.filter((machine) => user.machineIds.includes(machine.id));
  const lines = [
    `# Ponte IIoT — configuração VPN de ${user.name} <${user.email}>`,
    `# Válida até: ${user.expiresAt === null ? 'sem expiração (até ser desativada)' : formatDate(user.expiresAt)}`,
    `# Máquinas: ${machines.length > 0 ? machines.map((machine) => machine.name).join(', ') : 'nenhuma'}`,
    `# Gerada em: ${new Date(now).toISOString()}`,
    '# Importe este arquivo no cliente WireGuard. Não compartilhe: contém a chave privada.',
    '',
    '[Interface]',
    `PrivateKey = ${demoKey(`${user.id}:${user.email}:private`)}`,
    `Address = ${vpnUserAddress(user.id)}/32`,
    `DNS = ${VPN_SERVER_ADDRESS}`,
    '',
    '[Peer]',
    `PublicKey = ${demoKey('ponte-vpn-server:public')}`,
    `Endpoint = ${VPN_ENDPOINT}`,
    `AllowedIPs = ${vpnUserAllowedIps(db, user).join(', ')}`,
    'PersistentKeepalive = 25',
    '',
  ];
  return lines.join('\n');
}

/** `attachment` with the file name in ASCII and, for any other character, in RFC 5987 form. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

// ---- the handlers ----

export function vpnUserHandlers(ctx: HandlerContext) {
  const { db, vpnApiUrl } = ctx;
  const base = `${vpnApiUrl}/vpn-user`;

  const spec: ManagedSpec<VpnUserRecord> = {
    kind: 'vpn-user',
    notFoundMessage: VPN_USER_NOT_FOUND,
    records: (current) => current.data.vpnUsers,
    toJson: (record) => vpnUserJson(db)(record),
  };

  /** The builder of the chosen machines (all of one), or why not: 400 on `machineIds`. */
  const ownerOf = (machineIds: readonly string[]): { ownerUid: string | null } | { response: Response } => {
    const owners = new Set<string>();
    for (const id of machineIds) {
      const machine = db.data.machines.find((candidate) => candidate.id === id);
      if (!machine) return { response: validationError(VPN_MACHINE_GONE_MESSAGE, 'machineIds') };
      owners.add(machine.ownerUid);
    }
    if (owners.size > 1) return { response: validationError(VPN_MACHINES_ONE_OWNER_MESSAGE, 'machineIds') };
    return { ownerUid: [...owners][0] ?? null };
  };

  const duplicate = (input: VpnUserInput, current: VpnUserRecord | null) =>
    db.data.vpnUsers.some((user) => user.email === input.email && user.id !== current?.id)
      ? apiError(409, 'duplicate-email', VPN_USER_DUPLICATE_EMAIL, { field: 'email' })
      : null;

  const check = (input: VpnUserInput, current: VpnUserRecord | null) => {
    const owner = ownerOf(input.machineIds);
    if ('response' in owner) return owner.response;
    return duplicate(input, current);
  };

  const expiry = (input: VpnUserInput) => (input.expiresAt === null ? null : Date.parse(input.expiresAt));

  return [
    http.get(base, adminOnly(ctx, ({ request }) => {
      const now = Date.now();
      return list(db.data.vpnUsers, {
        query: vpnUserListQuery.parse(new URL(request.url).searchParams),
        where: () => true,
        searchFields: ['name', 'email'],
        filters: { status: (user, status) => vpnUserStatus(user, now) === status },
        sorts: {
          name: (user) => user.name,
          email: (user) => user.email,
          expiresAt: (user) => user.expiresAt,
          createdAt: (user) => user.createdAt,
        },
        toJson: vpnUserJson(db, now),
      });
    })),

    http.post(base, adminOnly(ctx, ({ request, principal }) => {
      return createManaged(request, ctx, principal, {
        ...spec,
        schema: vpnUserInputSchema,
        check,
        build(input, now) {
          const owner = ownerOf(input.machineIds);
          return {
            ownerUid: 'ownerUid' in owner ? owner.ownerUid : null,
            name: input.name,
            email: input.email,
            enabled: true,
            expiresAt: expiry(input),
            machineIds: input.machineIds,
            createdAt: now,
          };
        },
      });
    })),

    http.get(`${base}/:id/config`, adminOnly(ctx, ({ params }) => {
      const user = findManaged(db.data.vpnUsers, String(params.id));
      if (!user) return notFound(VPN_USER_NOT_FOUND);
      const now = Date.now();
      const status = vpnUserStatus(user, now);
      if (status === 'desativado') return apiError(409, VPN_USER_DISABLED_CODE, VPN_USER_DISABLED_MESSAGE);
      if (status === 'expirado' && user.expiresAt !== null) {
        return apiError(403, VPN_USER_EXPIRED_CODE, vpnUserExpiredMessage(formatDate(user.expiresAt)));
      }
      return new HttpResponse(vpnUserConfiguration(db, user, now), {
        status: 200,
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Disposition': attachment(vpnUserConfigFileName(user.name)),
          'Access-Control-Expose-Headers': 'Content-Disposition',
          'Cache-Control': 'no-store',
        },
      });
    })),

    http.post(
      `${base}/:id/enable`,
      adminOnly(ctx, ({ request, params }) => switchManaged(request, ctx, String(params.id), { ...spec, ...enabledSwitch(true) })),
    ),

    http.post(
      `${base}/:id/disable`,
      adminOnly(ctx, ({ request, params }) => switchManaged(request, ctx, String(params.id), { ...spec, ...enabledSwitch(false) })),
    ),

    http.get(`${base}/:id`, adminOnly(ctx, ({ params }) => getManaged(ctx, String(params.id), spec))),

    http.put(`${base}/:id`, adminOnly(ctx, ({ request, params }) => {
      return updateManaged(request, ctx, String(params.id), {
        ...spec,
        schema: vpnUserInputSchema,
        check,
        apply(record, input) {
          const owner = ownerOf(input.machineIds);
          record.name = input.name;
          record.email = input.email;
          record.expiresAt = expiry(input);
          record.machineIds = input.machineIds;
          if ('ownerUid' in owner && owner.ownerUid !== null) record.ownerUid = owner.ownerUid;
        },
      });
    })),

    http.delete(
      `${base}/:id`,
      adminOnly(ctx, ({ request, params }) => deleteManaged(request, ctx, String(params.id), spec)),
    ),
  ];
}
