/** The Termos de Uso an account accepted (terms_acceptance, migrations/0025_terms_acceptance.sql). */
import { and, desc, eq, sql } from 'drizzle-orm';
import { TERMS_VERSION } from '@/contracts/terms';
import type { Db } from '../../../shared/app-env';
import { assembler, teamMember } from '../../../shared/db/core-schema';
import { termsAcceptance } from '../../db/terms-schema';

export interface StoredTermsStatus {
  version: string;
  acceptedVersion: string | null;
  acceptedAt: number | null;
  acceptedBy: string | null;
  mustAccept: boolean;
}

/** The row that records `ownerUid` accepting `version` (kept once: accepting again changes nothing). */
export function termsAcceptanceInsert(db: Db, ownerUid: string, acceptedByUid: string, acceptedAt: number, version = TERMS_VERSION) {
  return db
    .insert(termsAcceptance)
    .values({ ownerUid, termsVersion: version, acceptedAt, acceptedByUid })
    .onConflictDoNothing({ target: [termsAcceptance.ownerUid, termsAcceptance.termsVersion] });
}

/**
 * What the account accepted: the version in force if it did (else its latest), when, and who (their name in the
 * team, else the company's when the Titular accepted; null once they left).
 */
export async function termsStatusOf(db: Db, ownerUid: string): Promise<StoredTermsStatus> {
  const rows = await db
    .select({
      termsVersion: termsAcceptance.termsVersion,
      acceptedAt: termsAcceptance.acceptedAt,
      acceptedBy: sql<string | null>`coalesce(${teamMember.name}, ${assembler.name})`,
    })
    .from(termsAcceptance)
    .leftJoin(teamMember, and(eq(teamMember.accountUid, ownerUid), eq(teamMember.uid, termsAcceptance.acceptedByUid)))
    .leftJoin(assembler, eq(assembler.uid, termsAcceptance.acceptedByUid))
    .where(eq(termsAcceptance.ownerUid, ownerUid))
    .orderBy(sql`${termsAcceptance.termsVersion} = ${TERMS_VERSION} DESC`, desc(termsAcceptance.acceptedAt), desc(termsAcceptance.termsVersion))
    .limit(1);
  const accepted = rows[0];
  return {
    version: TERMS_VERSION,
    acceptedVersion: accepted?.termsVersion ?? null,
    acceptedAt: accepted?.acceptedAt ?? null,
    acceptedBy: accepted?.acceptedBy ?? null,
    mustAccept: accepted?.termsVersion !== TERMS_VERSION,
  };
}
