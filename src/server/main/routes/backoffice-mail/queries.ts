/**
 * Every e-mail the platform sent or is sending — the accounts' (`mail`) and the newsletter's (`newsletter_mail`) —
 * newest first, with where its delivery stands (src/server/main/mail/). Filters: status, kind (the newsletter's rows
 * are kind 'newsletter'), a piece of the address.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MailListQuery, MailRecord } from '@/contracts/mail';
import type { Db } from '../../../shared/app-env';
import { offsetOf } from '../../../shared/list';

type Row = Omit<MailRecord, 'sentAt' | 'deliveredAt'> & { sentAt: number; deliveredAt: number | null };

const BOTH = sql.raw(`
  SELECT id, 'mail' AS store, kind, to_address, subject, status, attempts, last_error, sent_at, delivered_at FROM mail
  UNION ALL
  SELECT id, 'newsletter' AS store, 'newsletter' AS kind, to_address, subject, status, attempts, last_error, sent_at, delivered_at
  FROM newsletter_mail`);

export async function listMail(db: Db, query: MailListQuery): Promise<{ rows: Row[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.filters.status) conditions.push(sql`status = ${query.filters.status}`);
  if (query.filters.kind) conditions.push(sql`kind = ${query.filters.kind}`);
  if (query.q) conditions.push(sql`instr(lower(to_address), ${query.q.toLowerCase()}) > 0`);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const direction = query.sort === 'sentAt' ? sql`ASC` : sql`DESC`;
  const [rows, totals] = await Promise.all([
    db.all<Row>(sql`
      SELECT id, store, kind, to_address AS "to", subject, status, attempts, last_error AS lastError, sent_at AS sentAt,
        delivered_at AS deliveredAt
      FROM (${BOTH}) ${where}
      ORDER BY sent_at ${direction}, id ${direction}
      LIMIT ${query.perPage} OFFSET ${offsetOf(query)}`),
    db.all<{ total: number }>(sql`SELECT count(*) AS total FROM (${BOTH}) ${where}`),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
