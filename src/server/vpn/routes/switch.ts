/**
 * `POST /<resource>/{id}/enable` and `/disable` (staff): 404 with the resource's message; already in the wanted
 * state → 200 unchanged (no version bump: a repeated click is harmless); an `If-Match` sent is checked (428
 * unreadable, 409 stale); else `enabled` set, version + 1.
 */
import type { z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { apiRoute, type App } from '../../shared/app';
import type { Db } from '../../shared/app-env';
import { notFound } from '../../shared/errors';
import { errorsOf, idParams, ifMatchHeaders, json } from '../../shared/openapi';
import { serialize } from '../../shared/time';
import { updateVersioned } from '../../shared/versioned';
import { requireVersion, versionConflict } from '../../shared/versions';
import { vpnRoute, vpnUser } from '../db/vpn-schema';

interface Switchable {
  enabled: boolean;
  version: number;
  updatedAt: number;
}

export interface SwitchSpec<J extends Switchable> {
  path: '/vpn-user' | '/vpn-route';
  enabled: boolean;
  tag: string;
  summary: string;
  schema: z.ZodType;
  notFoundMessage: string;
  answer(db: Db, id: string): Promise<J | null>;
}

async function write(db: Db, path: SwitchSpec<Switchable>['path'], id: string, enabled: boolean, version: number, updatedAt: number) {
  const changed =
    path === '/vpn-user'
      ? await db
          .update(vpnUser)
          .set({ enabled, version: sql`${vpnUser.version} + 1`, updatedAt })
          .where(and(eq(vpnUser.id, id), eq(vpnUser.version, version)))
          .returning({ id: vpnUser.id })
      : await db
          .update(vpnRoute)
          .set({ enabled, version: sql`${vpnRoute.version} + 1`, updatedAt })
          .where(and(eq(vpnRoute.id, id), eq(vpnRoute.version, version)))
          .returning({ id: vpnRoute.id });
  return changed.length === 1;
}

export function enabledSwitchRoute<J extends Switchable>(app: App, spec: SwitchSpec<J>) {
  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: `${spec.path}/{id}/${spec.enabled ? 'enable' : 'disable'}`,
      tags: [spec.tag],
      summary: spec.summary,
      request: { params: idParams, headers: ifMatchHeaders },
      responses: {
        200: json(spec.schema, 'O registro, no estado pedido.'),
        ...errorsOf([401, 403, 404, 409, 428]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const current = await spec.answer(db, id);
      if (!current) throw notFound(spec.notFoundMessage);
      if (current.enabled === spec.enabled) return c.json(serialize(current) as never, 200);
      const version = c.req.header('If-Match') === undefined ? current.version : requireVersion(c.req.raw, null);
      if (version !== current.version) throw versionConflict(current);
      await updateVersioned(write(db, spec.path, id, spec.enabled, version, Math.max(Date.now(), current.updatedAt + 1)), {
        current: () => spec.answer(db, id),
        notFound: spec.notFoundMessage,
      });
      return c.json(serialize(await spec.answer(db, id)) as never, 200);
    },
  );
}
