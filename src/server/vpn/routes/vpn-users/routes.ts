/**
 * /vpn-user (staff): list (search by name or e-mail, filter ativo / desativado / expirado, sorts, pages), get,
 * create (`Idempotency-Key`), update (`If-Match`), enable / disable, delete, and `GET /vpn-user/{id}/config`, the
 * user's WireGuard client configuration — refused for a disabled user (409) and an expired one (403). A user
 * reaches machines of ONE builder (any builder's, chosen by staff).
 */
import { and, eq, sql } from 'drizzle-orm';
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
} from '@/contracts/vpn';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { demoMode } from '../../../demo/mode';
import { ApiError, conflict, notFound, validationError } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { errorsOf, idParams } from '../../../shared/openapi';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { deleteVersioned, updateVersioned, versionIs } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { vpnUser } from '../../db/vpn-schema';
import { machinesByIds } from '../lookups';
import { formatDay } from '../network';
import { enabledSwitchRoute } from '../switch';
import { syncNodes } from '../vpn-nodes/sync';
import { attachment, issueConfiguration } from './config';
import {
  derivedColumns,
  emailTaken,
  findVpnUser,
  findVpnUserRow,
  listVpnUsers,
  settleHandshakes,
  toJson,
} from './queries';
import { vpnUserPageSchema, vpnUserSchema } from './schemas';

export const VPN_USER_NOT_FOUND = 'Usuário VPN não encontrado.';
const TAG = 'Usuários VPN';

/** The builder of the chosen machines (all of one; null for none), or the 400 on `machineIds`. */
async function ownerOf(db: Db, machineIds: readonly string[]): Promise<string | null> {
  const machines = await machinesByIds(db, machineIds);
  const owners = new Set<string>();
  for (const id of machineIds) {
    const found = machines.get(id);
    if (!found) throw validationError(VPN_MACHINE_GONE_MESSAGE, 'machineIds');
    owners.add(found.ownerUid);
  }
  if (owners.size > 1) throw validationError(VPN_MACHINES_ONE_OWNER_MESSAGE, 'machineIds');
  return [...owners][0] ?? null;
}

const duplicateEmail = () => conflict('duplicate-email', VPN_USER_DUPLICATE_EMAIL, { field: 'email' });
const expiry = (value: string | null) => (value === null ? null : Date.parse(value));

export function vpnUserRoutes(app: App) {
  app.openapi(
    listRoute({
      path: '/vpn-user', tag: TAG, access: 'staff',
      summary: 'Lista os usuários VPN',
      page: vpnUserPageSchema, description: 'Uma página de usuários.', filters: ['status'], errors: [401, 403],
    }),
    async (c) => {
      const now = Date.now();
      if (demoMode(c.env).standInHub) await settleHandshakes(c.var.db, now);
      const query = vpnUserListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listVpnUsers(c.var.db, query, now);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: '/vpn-user/{id}', tag: TAG, access: 'staff',
      summary: 'Um usuário VPN',
      item: vpnUserSchema, description: 'O usuário.', errors: [401, 403, 404],
    }),
    async (c) => {
      if (demoMode(c.env).standInHub) await settleHandshakes(c.var.db);
      const found = await findVpnUser(c.var.db, c.req.valid('param').id);
      if (!found) throw notFound(VPN_USER_NOT_FOUND);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      path: '/vpn-user', tag: TAG, access: 'staff',
      summary: 'Cria um usuário VPN',
      input: vpnUserInputSchema, item: vpnUserSchema, description: 'Criado.',
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db } = c.var;
        const owner = await ownerOf(db, input.machineIds);
        if (await emailTaken(db, input.email, null)) throw duplicateEmail();
        const now = Date.now();
        const row = {
          id: await nextId(db, 'vpn-user'),
          ownerUid: owner,
          name: input.name,
          email: input.email,
          enabled: true,
          expiresAt: expiry(input.expiresAt),
          machineIds: input.machineIds,
          wgPublicKey: null,
          configIssuedAt: null,
          handshakeDueAt: null,
          lastHandshakeAt: null,
          ...derivedColumns(input),
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        const [answer] = await toJson(db, [row], now);
        return { status: 201, body: serialize(answer), writes: [db.insert(vpnUser).values(row)] };
      }),
  );

  app.openapi(
    updateRoute({
      path: '/vpn-user/{id}', tag: TAG, access: 'staff',
      summary: 'Altera um usuário VPN (If-Match: versão)',
      input: vpnUserInputSchema, item: vpnUserSchema, description: 'Alterado.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      const current = await findVpnUserRow(db, id);
      if (!current) throw notFound(VPN_USER_NOT_FOUND);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict((await toJson(db, [current]))[0] ?? {});
      const owner = await ownerOf(db, input.machineIds);
      if (await emailTaken(db, input.email, id)) throw duplicateEmail();
      const updated = await updateVersioned(
        db
          .update(vpnUser)
          .set({
            name: input.name,
            email: input.email,
            expiresAt: expiry(input.expiresAt),
            machineIds: input.machineIds,
            // Kept when the user no longer reaches any machine.
            ...(owner === null ? {} : { ownerUid: owner }),
            ...derivedColumns(input),
            version: sql`${vpnUser.version} + 1`,
            updatedAt: Math.max(Date.now(), current.updatedAt + 1),
          })
          .where(and(eq(vpnUser.id, id), eq(vpnUser.version, version)))
          .returning(),
        { current: () => findVpnUser(db, id), notFound: VPN_USER_NOT_FOUND },
      );
      const [answer] = await toJson(db, [updated]);
      return c.json(serialize(answer) as never, 200);
    },
  );

  for (const enabled of [true, false]) {
    enabledSwitchRoute(app, {
      path: '/vpn-user',
      enabled,
      tag: TAG,
      summary: enabled ? 'Ativa um usuário VPN' : 'Desativa um usuário VPN',
      schema: vpnUserSchema,
      notFoundMessage: VPN_USER_NOT_FOUND,
      answer: async (db, id) => findVpnUser(db, id),
    });
  }

  app.openapi(
    deleteRoute({
      path: '/vpn-user/{id}', tag: TAG, access: 'staff',
      summary: 'Exclui um usuário VPN',
      description: 'Excluído.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const current = await findVpnUser(db, id);
      if (!current) throw notFound(VPN_USER_NOT_FOUND);
      const version = c.req.header('If-Match') === undefined ? null : requireVersion(c.req.raw, null);
      if (version !== null && version !== current.version) throw versionConflict(current);
      await deleteVersioned(
        db.delete(vpnUser).where(and(eq(vpnUser.id, id), versionIs(vpnUser.version, version))).returning({ id: vpnUser.id }),
        { current: () => findVpnUser(db, id), notFound: VPN_USER_NOT_FOUND },
      );
      return c.body(null, 204);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/vpn-user/{id}/config',
      tags: [TAG],
      summary: 'Baixa a configuração WireGuard do usuário (um novo par de chaves a cada download)',
      request: { params: idParams },
      responses: {
        200: { description: 'O arquivo .conf (contém a chave privada, que o servidor não guarda).', content: { 'text/plain': { schema: { type: 'string' } } } },
        ...errorsOf([401, 403, 404, 409]),
      },
    }),
    async (c) => {
      const { db } = c.var;
      const user = await findVpnUserRow(db, c.req.valid('param').id);
      if (!user) throw notFound(VPN_USER_NOT_FOUND);
      const now = Date.now();
      const status = vpnUserStatus(user, now);
      if (status === 'desativado') throw new ApiError(409, VPN_USER_DISABLED_CODE, VPN_USER_DISABLED_MESSAGE);
      if (status === 'expirado' && user.expiresAt !== null) {
        throw new ApiError(403, VPN_USER_EXPIRED_CODE, vpnUserExpiredMessage(formatDay(user.expiresAt)));
      }
      await syncNodes(db, now);
      const file = await issueConfiguration(db, user, { now, demo: demoMode(c.env).standInHub });
      return c.body(file, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': attachment(vpnUserConfigFileName(user.name)),
        'Cache-Control': 'no-store',
      }) as never;
    },
  );
}
