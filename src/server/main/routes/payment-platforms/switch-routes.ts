/**
 * POST /backoffice/payment-platform/:id/enable and /disable (staff). Already in the wanted state: 200 unchanged (no
 * version bump). An `If-Match` may be sent (stale → 409). Enabling leaves its methods as they are (the staff enable
 * the ones to offer again); disabling also disables its enabled methods, in one batch.
 */
import { and, eq, exists, sql } from 'drizzle-orm';
import { PAYMENT_PLATFORM_MESSAGES } from '@/contracts/payment-platform';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { notFound } from '../../../shared/errors';
import { errorsOf, idParams, ifMatchHeaders, json } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { updateVersioned, type VersionedTarget } from '../../../shared/versioned';
import { versionConflict } from '../../../shared/versions';
import { paymentMethod, paymentPlatform } from '../../db/payments-schema';
import { nextUpdatedAt, optionalVersion } from './managed';
import { findPlatform, findPlatformRow, platformJsonOf } from './queries';
import { paymentPlatformSchema } from './schemas';

const BASE = '/backoffice/payment-platform';

/** A guarded write on the platform that changed nothing: 409 with it as it is now, or 404. */
export const platformTarget = (db: Db, id: string): VersionedTarget => ({
  current: () => findPlatform(db, id),
  notFound: PAYMENT_PLATFORM_MESSAGES.notFound,
});

export function platformSwitchRoutes(app: App, tag: string) {
  for (const enabled of [true, false]) {
    app.openapi(
      apiRoute({
        access: 'staff',
        method: 'post',
        path: `${BASE}/{id}/${enabled ? 'enable' : 'disable'}`,
        tags: [tag],
        summary: enabled ? 'Ativa uma plataforma' : 'Desativa uma plataforma e os métodos ativos nela',
        request: { params: idParams, headers: ifMatchHeaders },
        responses: {
          200: json(paymentPlatformSchema, 'A plataforma.'),
          ...errorsOf([401, 403, 404, 409, 428]),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { db } = c.var;
        const current = await findPlatformRow(db, id);
        if (!current) throw notFound(PAYMENT_PLATFORM_MESSAGES.notFound);
        if (current.enabled === enabled) return c.json(serialize(await platformJsonOf(db, current)) as never, 200);
        const version = optionalVersion(c.req.raw);
        if (version !== null && version !== current.version) throw versionConflict(await platformJsonOf(db, current));
        const updatedAt = nextUpdatedAt(current.updatedAt);
        const change = db
          .update(paymentPlatform)
          .set({ enabled, version: sql`${paymentPlatform.version} + 1`, updatedAt })
          .where(and(eq(paymentPlatform.id, id), eq(paymentPlatform.version, current.version)))
          .returning();
        // Disabling: its enabled methods go with it — only if the platform's own change was made (same batch, after it).
        const platformChanged = db
          .select({ id: paymentPlatform.id })
          .from(paymentPlatform)
          .where(and(eq(paymentPlatform.id, id), eq(paymentPlatform.version, current.version + 1), eq(paymentPlatform.enabled, false)));
        const updated = await updateVersioned(
          enabled
            ? change
            : db
                .batch([
                  change,
                  db
                    .update(paymentMethod)
                    .set({ enabled: false, version: sql`${paymentMethod.version} + 1`, updatedAt: sql`max(${updatedAt}, ${paymentMethod.updatedAt} + 1)` })
                    .where(and(eq(paymentMethod.platformId, id), eq(paymentMethod.enabled, true), exists(platformChanged))),
                ])
                .then(([rows]) => rows),
          platformTarget(db, id),
        );
        return c.json(serialize(await platformJsonOf(db, updated)) as never, 200);
      },
    );
  }
}
