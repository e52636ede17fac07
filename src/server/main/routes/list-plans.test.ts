// Issue 39: the lists do not scan. On the large demo seed (10 000 extra machines and their gateways), every list's
// statements — first page, a search, a far page, each sort — are planned on an index (EXPLAIN QUERY PLAN): never a
// SCAN of the base table; an owner's list only SEARCHes the owner's indexes (the back office's may walk an index in
// the sort's order); a search of 3 characters or more asks the FTS5 trigram index (`… VIRTUAL TABLE INDEX n:M`);
// and page 50 is planned as page 1 (the page's rowids come from the sort's index: shared/list.ts, pageRowids).
import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { backofficeOrderListQuery } from '@/contracts/backoffice-order';
import { customerListQuery } from '@/contracts/customer';
import { deviceListQuery } from '@/contracts/device';
import { machineListQuery } from '@/contracts/machine';
import { orderListQuery } from '@/contracts/order';
import { backofficeMachineListQuery } from '@/contracts/vpn';
import { resetDemo } from '../../demo/reset';
import type { Db } from '../../shared/app-env';
import { listStaffOrders } from './backoffice-orders/queries';
import { orderHits } from './backoffice-search/queries';
import { listBackofficeMachines } from './backoffice-machines/queries';
import { listCustomers } from './customers/queries';
import { listDevices } from './devices/queries';
import { listMachines } from './machines/queries';
import { machine } from '../db/fleet-schema';
import { searchCondition, searchIndexOf } from '../../shared/search';
import { listOrders } from './orders/queries';

interface Recorded {
  sql: string;
  params: unknown[];
}

/** A Drizzle database over env.DB that records every statement it binds (the batch's too). */
function makeRecordingDb(recorded: Recorded[]): Db {
  const d1 = new Proxy(env.DB, {
    get(target, key) {
      if (key === 'prepare') {
        return (text: string) => {
          const statement = target.prepare(text);
          return {
            bind: (...params: unknown[]) => {
              recorded.push({ sql: text, params });
              return statement.bind(...params);
            },
          };
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return drizzle(d1);
}

async function callExplain({ sql, params }: Recorded): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((row) => row.detail).join(' | ');
}

const NOW = Date.parse('2026-11-30T12:00:00Z');
let owner = '';

beforeAll(async () => {
  await resetDemo({ ...env, DEMO: 'true' }, { large: true, now: NOW });
  const top = await env.DB.prepare('SELECT owner_uid AS uid FROM machine GROUP BY owner_uid ORDER BY count(*) DESC LIMIT 1').first<{ uid: string }>();
  owner = top?.uid ?? '';
}, 120_000);

type Lister = (db: Db, search: URLSearchParams) => Promise<unknown>;

const LISTS: Array<[string, string, Lister, string[]]> = [
  ['machine', 'machine', (db, s) => listMachines(db, owner, machineListQuery.parse(s)), ['sort=serialNumber', 'sort=-site', 'sort=createdAt', 'sort=modelName', 'sort=customerName']],
  ['device', 'device', (db, s) => listDevices(db, owner, deviceListQuery.parse(s)), ['sort=serialNumber', 'sort=status', 'sort=-lastSeenAt']],
  ['customer', 'customer', (db, s) => listCustomers(db, owner, customerListQuery.parse(s)), ['sort=tradeName', 'sort=city', 'sort=-createdAt']],
  ['order', 'purchase_order', (db, s) => listOrders(db, owner, orderListQuery.parse(s), NOW), ['sort=number', 'sort=-total']],
  ['backoffice order', 'purchase_order', (db, s) => listStaffOrders(db, backofficeOrderListQuery.parse(s), NOW), ['sort=number', 'sort=-total']],
  ['backoffice machine', 'machine', (db, s) => listBackofficeMachines(db, backofficeMachineListQuery.parse(s)), ['sort=-ownerName']],
];

/** Every statement a list runs for this query string, with its plan. */
async function arrangePlans(list: Lister, search: string): Promise<string[]> {
  const recorded: Recorded[] = [];
  await list(makeRecordingDb(recorded), new URLSearchParams(search));
  return Promise.all(recorded.map(callExplain));
}

describe('the lists on the large seed', () => {
  it.each(LISTS)('%s: every search, sort and far page is planned on an index (no scan of the table)', async (label, table, list, sorts) => {
    const cases = ['', 'q=ih-450', 'q=ponte', 'q=metal', 'q=1004', 'page=50', ...sorts.flatMap((sort) => [sort, `${sort}&page=50`, `${sort}&q=ponte`])];
    const tableScan = new RegExp(`SCAN ${table}(?!\\w| USING)`);
    for (const sort of ['', ...sorts]) {
      const far = sort ? `${sort}&page=50` : 'page=50';
      // The page and the count (the orders' items and timelines are read for the rows found only).
      expect((await arrangePlans(list, far)).slice(0, 2), far).toEqual((await arrangePlans(list, sort)).slice(0, 2));
    }
    for (const search of cases) {
      const plans = await arrangePlans(list, search);
      expect(plans.length, search).toBeGreaterThan(0);
      for (const plan of plans) expect(plan, `${table} ${search}`).not.toMatch(tableScan);
      if (!label.startsWith('backoffice')) {
        // An owner's list: only searches of the owner's index or by rowid — never a walk of a whole index.
        for (const plan of plans) expect(plan, `${table} ${search}`).not.toMatch(new RegExp(`SCAN ${table} USING`));
      }
      if (/q=(ih-450|ponte|metal|1004)/.test(search)) expect(plans.join(' | '), `${table} ${search}`).toMatch(/_search VIRTUAL TABLE INDEX \d+:M/);
    }
  });
});

describe('the back office search', () => {
  it('finds orders by number on the search index (no scan of the orders)', async () => {
    const recorded: Recorded[] = [];
    const hits = await orderHits(makeRecordingDb(recorded), '1004');
    expect(hits.map((hit) => hit.number)).toContain(1004);
    const plans = await Promise.all(recorded.map(callExplain));
    expect(plans.join(' | ')).toMatch(/purchase_order_search VIRTUAL TABLE INDEX \d+:M/);
    for (const plan of plans) expect(plan).not.toMatch(/SCAN purchase_order(?!\w)/);
  });
});

describe('the search index', () => {
  const callMachineSearch = async (q: string, indexed: boolean) => {
    const db = drizzle(env.DB);
    const rows = await db
      .select({ id: machine.id })
      .from(machine)
      .where(and(eq(machine.ownerUid, owner), searchCondition(q, machine.search, machine.searchCompact, indexed ? searchIndexOf(machine) : undefined) ?? undefined));
    return rows.map((row) => row.id).sort();
  };
  const NEEDLES = ['ih-450', 'IH450', 'ih 450', 'Ponte', 'ponte 1', 'são', 'SAO', 'metal', '%', '4_5', '"x', 'a"b', '450%', 'ção', '45.278', '10.0', '*', 'ih-4', 'ih'];

  it('finds the same rows as the scan for every needle (case, accents, masks, quotes and wildcards)', async () => {
    for (const q of NEEDLES) expect(await callMachineSearch(q, true), q).toEqual(await callMachineSearch(q, false));
    expect((await callMachineSearch('ih450', true)).length).toBeGreaterThan(100);
  });

  it("counts the scan's rows (a needle with a digit is counted on the index alone, no row read)", async () => {
    for (const q of NEEDLES) {
      const { total } = await listMachines(drizzle(env.DB), owner, machineListQuery.parse(new URLSearchParams({ q })));
      expect(total, q).toBe((await callMachineSearch(q, false)).length);
    }
  });

  it('follows every insert, update and delete (triggers)', async () => {
    const [first] = await drizzle(env.DB).select({ id: machine.id, search: machine.search }).from(machine).where(eq(machine.ownerUid, owner)).limit(1);
    if (!first) throw new Error('no machine seeded');
    await env.DB.prepare("UPDATE machine SET search = 'torno zqx-991', search_compact = 'tornozqx991' WHERE id = ?").bind(first.id).run();
    expect(await callMachineSearch('zqx-991', true)).toEqual([first.id]);
    expect(await callMachineSearch('zqx991', true)).toEqual([first.id]);
    await env.DB.prepare("INSERT INTO machine (id, owner_uid, name, serial_number, model_id, site, lan_subnet, name_key, serial_number_key, site_key, search, search_compact, version, created_at, updated_at) SELECT 'machine-zqx', owner_uid, name, serial_number || '-zqx', model_id, site, lan_subnet, name_key, serial_number_key, site_key, 'fresa zqx-991', 'fresazqx991', 1, created_at, updated_at FROM machine WHERE id = ?").bind(first.id).run();
    expect(await callMachineSearch('zqx-991', true)).toEqual([first.id, 'machine-zqx'].sort());
    await env.DB.prepare("DELETE FROM machine WHERE id = 'machine-zqx'").run();
    await env.DB.prepare('UPDATE machine SET search = ?, search_compact = ? WHERE id = ?').bind(first.search, first.search.replace(/[\s.\-/()]/g, ''), first.id).run();
    expect(await callMachineSearch('zqx-991', true)).toEqual([]);
    for (const q of NEEDLES) expect(await callMachineSearch(q, true), q).toEqual(await callMachineSearch(q, false));
  });
});
