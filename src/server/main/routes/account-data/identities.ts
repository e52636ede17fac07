/**
 * An erased account's people lose their Firebase identities too (issue 38, item 2): the erasure (deletion.ts) queues
 * each person's uid in `identity_deletion` in its own batch; the daily job, right after the erasures, deletes each
 * identity through Firebase's Admin REST API (shared/firebase-admin/) — unless the person belongs to another account
 * (a member of another team, the owner of another, not deleted, company) or is staff: then only the row goes.
 * Firebase without that user counts as done. A failure (Firebase not configured, refusing the service account,
 * unreachable) stays queued with its attempts and reason, tried again the next day; it never stops the job.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { assembler, staff, teamMember } from '../../../shared/db/core-schema';
import { identityDeletion } from '../../../shared/db/staff-schema';
import type { Env } from '../../../shared/env';
import { firebaseAdmin, type FirebaseAdmin, type FirebaseAdminOptions } from '../../../shared/firebase-admin';

/** Identities deleted at most per run (the rest the next day). */
export const IDENTITIES_PER_RUN = 100;

/** Whether `uid` still has a place elsewhere: another account's team, a company of its own, the Ponte team. */
async function belongsElsewhere(db: Db, uid: string, owner: string): Promise<boolean> {
  const [row] = await db.all<{ elsewhere: number }>(sql`SELECT
    EXISTS (SELECT 1 FROM ${teamMember} WHERE ${teamMember.uid} = ${uid} AND ${teamMember.accountUid} <> ${owner})
    OR EXISTS (SELECT 1 FROM ${assembler} WHERE ${assembler.uid} = ${uid} AND ${assembler.uid} <> ${owner} AND ${assembler.deletedAt} IS NULL)
    OR EXISTS (SELECT 1 FROM ${staff} WHERE ${staff.uid} = ${uid}) AS elsewhere`);
  return row?.elsewhere === 1;
}

const reasonOf = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' ? `${code}: ${message}` : message).slice(0, 300);
};

/** The daily job's step: the queued identities deleted (or kept, see above); what happened to each uid. */
export async function deleteErasedIdentities(
  env: Env,
  db: Db,
  options: FirebaseAdminOptions = {},
): Promise<{ deleted: string[]; kept: string[]; failed: string[] }> {
  const result = { deleted: [] as string[], kept: [] as string[], failed: [] as string[] };
  const queued = await db.select().from(identityDeletion).orderBy(asc(identityDeletion.requestedAt), asc(identityDeletion.uid)).limit(IDENTITIES_PER_RUN);
  if (queued.length === 0) return result;
  let admin: FirebaseAdmin | null = null;
  let unavailable: unknown = null;
  try {
    admin = firebaseAdmin(env, options);
  } catch (error) {
    unavailable = error;
  }
  for (const row of queued) {
    try {
      if (await belongsElsewhere(db, row.uid, row.ownerUid)) {
        result.kept.push(row.uid);
      } else {
        if (!admin) throw unavailable;
        await admin.deleteUser(row.uid);
        result.deleted.push(row.uid);
      }
      await db.delete(identityDeletion).where(eq(identityDeletion.uid, row.uid));
    } catch (error) {
      result.failed.push(row.uid);
      await db
        .update(identityDeletion)
        .set({ attempts: sql`${identityDeletion.attempts} + 1`, lastError: reasonOf(error) })
        .where(eq(identityDeletion.uid, row.uid));
    }
  }
  if (result.failed.length > 0) console.error(`identity deletion: ${result.failed.length} identities not deleted yet (retried tomorrow)`);
  return result;
}

