/**
 * The `/setup/:code` page's routes: the look-up of the gateway a setup code (label, QR code) names, and its claim.
 * A gateway nobody owns yet is claimed by the first account that sends its code; claiming one's own again answers
 * it again (idempotent, no new version). A code that is unknown, already used or another account's answers one and the
 * same 404 (issue 35): the look-up tells a code's state to its owner only.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { claimDeviceSchema, normalizeSetupCode, SETUP_CODE_MESSAGES, SETUP_CODE_PATTERN } from '@/contracts/device';
import { apiRoute, type App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { ApiError, validationError } from '../../../shared/errors';
import { errorsOf, json, jsonBody } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { device } from '../../db/device-schema';
import { auditInsertWhere } from '../../audit';
import { DEVICE_TAG } from './constants';
import { findBySetupCode, findDevice, type DeviceJson } from './queries';
import { deviceSchema, deviceSetupLookupSchema, setupCodeParams } from './schemas';
import { settleInDemo } from './settle';

/** Unknown, already used, another account's: the same answer. */
const codeNotFound = () => new ApiError(404, 'setup-code-not-found', SETUP_CODE_MESSAGES.notFound, { field: 'code' });

/** The gateway a setup code names, as the caller may see it: 400 malformed, 404 unknown or not the caller's to see. */
async function deviceOfCode(db: Db, raw: string, owner: string): Promise<DeviceJson & { ownerUid: string | null }> {
  const code = normalizeSetupCode(raw);
  if (!SETUP_CODE_PATTERN.test(code)) throw validationError(SETUP_CODE_MESSAGES.invalid, 'code');
  const found = await findBySetupCode(db, code);
  if (!found || (found.ownerUid !== null && found.ownerUid !== owner)) throw codeNotFound();
  return found;
}

const withoutOwner = ({ ownerUid: _owner, ...json }: DeviceJson & { ownerUid: string | null }): DeviceJson => json;

export function setupRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/device/setup/{code}',
      tags: [DEVICE_TAG],
      summary: 'O gateway de um código de configuração, e se já é da conta',
      request: { params: setupCodeParams },
      responses: {
        200: json(deviceSetupLookupSchema, 'O gateway do código.'),
        ...errorsOf([400, 401, 404]),
      },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      await settleInDemo(c.env, db, owner);
      const found = await deviceOfCode(db, c.req.valid('param').code, owner);
      return c.json({ device: serialize(withoutOwner(found)), ownedByYou: found.ownerUid === owner } as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'post',
      path: '/device/claim',
      tags: [DEVICE_TAG],
      summary: 'Vincula à conta o gateway de um código de configuração',
      request: jsonBody(claimDeviceSchema),
      responses: {
        200: json(deviceSchema, 'O gateway, agora da conta (também quando já era).'),
        ...errorsOf([400, 401, 403, 404]),
      },
    }),
    async (c) => {
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const found = await deviceOfCode(db, c.req.valid('json').code, owner);
      if (found.ownerUid === null) {
        // One statement: of two accounts claiming at once, one wins; the other then sees another account's code.
        const now = Math.max(Date.now(), found.updatedAt + 1);
        // The audit log's entry (never the setup code), kept only if this account's claim took place (the same batch).
        const audited = auditInsertWhere(
          c,
          { kind: 'gateway.create', target: { kind: 'gateway', id: found.id, label: found.name }, before: null, after: { name: found.name, serialNumber: found.serialNumber }, at: now },
          sql`EXISTS (SELECT 1 FROM ${device} WHERE id = ${found.id} AND owner_uid = ${owner} AND version = ${found.version + 1} AND updated_at = ${now})`,
        );
        const [[claimed]] = await db.batch([
          db
            .update(device)
            .set({ ownerUid: owner, version: sql`${device.version} + 1`, updatedAt: now })
            .where(and(eq(device.id, found.id), eq(device.setupCode, found.setupCode), isNull(device.ownerUid)))
            .returning({ id: device.id }),
          audited,
        ]);
        if (!claimed) await deviceOfCode(db, found.setupCode, owner);
      }
      const mine = await findDevice(db, owner, found.id);
      if (!mine) throw codeNotFound();
      return c.json(serialize(mine) as never, 200);
    },
  );
}
