/**
 * The back office search's SQL: every builder's records (staff only, so no owner in these WHEREs on purpose).
 * Orders by number (digits only), builders by name, CNPJ or e-mail, VPN users by name or e-mail.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { SEARCH_LIMIT_PER_KIND, type AssemblerHit, type OrderHit } from '@/contracts/backoffice-search';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { purchaseOrder } from '../../db/commerce-schema';
import { searchCandidates, searchIndexOf } from '../../../shared/search';
import { bestNameMatches, textMatcher } from './matching';

/** Orders whose number holds `digits`: the exact number first, then the newest. */
export async function orderHits(db: Db, digits: string): Promise<OrderHit[]> {
  const rows = await db
    .select({
      id: purchaseOrder.id,
      number: purchaseOrder.number,
      status: purchaseOrder.status,
      total: purchaseOrder.total,
      assemblerName: sql<string>`coalesce(${assembler.name}, '')`,
    })
    .from(purchaseOrder)
    .leftJoin(assembler, eq(assembler.uid, purchaseOrder.ownerUid))
    // The search index narrows (an order's `search` is `#<number>`: it holds the digits too), the LIKE decides.
    .where(and(searchCandidates(searchIndexOf(purchaseOrder), digits) ?? undefined, sql`CAST(${purchaseOrder.number} AS TEXT) LIKE ${`%${digits}%`}`))
    .orderBy(desc(sql`${purchaseOrder.number} = ${Number(digits)}`), desc(purchaseOrder.createdAt), desc(purchaseOrder.id))
    .limit(SEARCH_LIMIT_PER_KIND);
  return rows;
}

/**
 * Builders by name, CNPJ (with or without its mask) or e-mail. The assembler table has no folded search columns
 * (yet), so the builders are matched here: one short row per builder.
 */
export async function assemblerHits(db: Db, q: string): Promise<AssemblerHit[]> {
  const matches = textMatcher(q);
  if (!matches) return [];
  const rows = await db.select({ uid: assembler.uid, name: assembler.name, cnpj: assembler.cnpj, email: assembler.email }).from(assembler);
  const found = rows.filter((row) => matches([row.name, row.cnpj, row.email]));
  return bestNameMatches(found, q, SEARCH_LIMIT_PER_KIND).map((row) => ({ id: row.uid, name: row.name, cnpj: row.cnpj }));
}
