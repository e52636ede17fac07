/**
 * VPN users by name or e-mail (the VPN API's users, in the shared database). The folded `search` columns narrow
 * the rows in SQL; the match is then checked on the name and e-mail only (as the demo does).
 */
import { asc, desc, sql } from 'drizzle-orm';
import { SEARCH_LIMIT_PER_KIND, type VpnUserHit } from '@/contracts/backoffice-search';
import type { Db } from '../../../shared/app-env';
import { foldText, searchCondition } from '../../../shared/search';
import { vpnUser } from '../../../vpn/db/vpn-schema';
import { bestNameMatches, textMatcher } from './matching';

/** Rows read before the name/e-mail check (the names that start with the text first). */
const CANDIDATES = 50;

export async function vpnUserHits(db: Db, q: string): Promise<VpnUserHit[]> {
  const where = searchCondition(q, vpnUser.search, vpnUser.searchCompact);
  const matches = textMatcher(q);
  if (!where || !matches) return [];
  const prefix = `${foldText(q.trim()).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({ id: vpnUser.id, name: vpnUser.name, email: vpnUser.email })
    .from(vpnUser)
    .where(where)
    .orderBy(desc(sql`${vpnUser.nameKey} LIKE ${prefix} ESCAPE '\\'`), asc(vpnUser.nameKey), asc(vpnUser.id))
    .limit(CANDIDATES);
  return bestNameMatches(
    rows.filter((row) => matches([row.name, row.email])),
    q,
    SEARCH_LIMIT_PER_KIND,
  );
}
