/**
 * The steps every remote-access route takes on a session (routes.ts, read-routes.ts, backoffice-routes.ts): what is
 * due settled first, the session read or 404, and one step — the UPDATE guarded by the version and status it was
 * read at with its event, in one batch.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { REMOTE_ACCESS_MESSAGES as M, type RemoteAccessStatus } from '@/contracts/remote-access';
import type { Db } from '../../../shared/app-env';
import { insertWhere } from '../../../shared/db/guarded';
import { demoMode } from '../../../demo/mode';
import { notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import type { Principal } from '../../../shared/principal';
import { updateVersioned } from '../../../shared/versioned';
import { remoteAccessEvent as remoteAccessEventTable, remoteAccessSession } from '../../db/remote-access-schema';
import { eventRow, findSession, settleSessions, type SessionJson, type SessionRow } from './queries';

export type Statement = BatchItem<'sqlite'>;

/** The session is (after the batch's earlier writes) at `version` with `status`: the guard of the step's event. */
export const sessionIs = (owner: string, id: string, version: number, status: RemoteAccessStatus) =>
  sql`EXISTS (SELECT 1 FROM remote_access_session WHERE owner_uid = ${owner} AND id = ${id} AND version = ${version} AND status = ${status})`;

export async function settled(c: { var: { db: Db; principal: Principal }; env: Parameters<typeof demoMode>[0] }, now: number) {
  await settleSessions(c.var.db, c.var.principal.uid, now, demoMode(c.env).standInHub);
}

export async function sessionOr404(db: Db, owner: string, id: string) {
  const found = await findSession(db, owner, id);
  if (!found) throw notFound(M.sessionNotFound);
  return found;
}

/**
 * One step of a session: the UPDATE guarded by the version and status it was read at, and its event guarded by the
 * outcome — one batch. No row changed: re-read (404 gone, else 409 with the session as it is now).
 */
export async function step(
  db: Db,
  owner: string,
  current: SessionRow,
  from: readonly RemoteAccessStatus[],
  to: RemoteAccessStatus,
  set: Partial<typeof remoteAccessSession.$inferInsert>,
  event: Parameters<typeof eventRow>[2],
  actor: { uid: string | null; name: string } | null,
  reason: string,
  now: number,
  /** Statements of the step, each guarded by `sessionIs(owner, id, version + 1, to)`: kept only if it took place. */
  extra: Statement[] = [],
): Promise<SessionJson> {
  const updatedAt = Math.max(now, current.updatedAt + 1);
  const update = db
    .update(remoteAccessSession)
    .set({ ...set, status: to, version: sql`${remoteAccessSession.version} + 1`, updatedAt })
    .where(
      and(
        eq(remoteAccessSession.ownerUid, owner),
        eq(remoteAccessSession.id, current.id),
        eq(remoteAccessSession.version, current.version),
        inArray(remoteAccessSession.status, [...from]),
      ),
    )
    .returning({ id: remoteAccessSession.id });
  const eventId = await nextId(db, 'remote-access-event');
  const logged = insertWhere(db, remoteAccessEventTable, eventRow(eventId, current, event, actor, reason, now), sessionIs(owner, current.id, current.version + 1, to));
  // The UPDATE's rows are the batch's first result.
  await updateVersioned(
    db.batch([update, logged, ...extra]).then(([changed]) => changed),
    { current: async () => (await findSession(db, owner, current.id))?.json, notFound: M.sessionNotFound },
  );
  const after = await sessionOr404(db, owner, current.id);
  return after.json;
}
