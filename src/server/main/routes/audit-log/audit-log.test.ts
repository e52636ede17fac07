/**
 * The audit log (issue 37, item 5): each listed change writes its entry (who, when, from which address, the changed
 * fields before and after, never a secret) in the change's own batch; a refused change writes none; the list's
 * filters and pages; who may read it (Administrador and Leitura; Técnico 403; another builder sees none; staff see
 * every account's); the CSV of the rows answered; the 5-year purge.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/d1';
import { AUDIT_KIND_LABELS, auditListQuery, type AuditEntry, type AuditKind } from '@/contracts/audit';
import { AUDIT_CSV_COLUMNS } from '@/contracts/audit-csv';
import { CSV_BOM, toCsv } from '@/contracts/format/csv';
import { DEFAULT_TIME_ZONE } from '@/contracts/dashboard';
import { dayKeyFormatter } from '../../../shared/days';
import { arrangeMember, call, makeIdempotencyKey, makeUid } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { auditInsert, redactFields } from '../../audit';
import { AUDIT_RETENTION_MS, purgeAuditLog } from '../../audit/retention';
import { auditListStatements } from './queries';
import { insertDevice, insertMachine } from '../devices/fixtures';
import { seedFleet } from '../machines/__tests__/fixtures';
import { MARIA, seedDemo } from '../orders/test-helpers';
import { DEMO_ADMIN_UID } from '@/seed/utils';
import { callInvite, callRegister, makeCnpj, makePerson, type Person } from '../team/team-fixtures';

type Ts = { seconds: number; nanos: number };
type ApiEntry = Omit<AuditEntry, 'createdAt'> & { createdAt: Ts };
type Page<T = ApiEntry> = { data: T[]; meta: { page: number; perPage: number; total: number } };

const IP = '203.0.113.77';
const makeIpHeader = (ip = IP) => ({ 'CF-Connecting-IP': ip });

const callAuditLog = async (as: Person | string, query = '') =>
  call<Page>('GET', `/audit-log${query ? `?${query}` : ''}`, { as: typeof as === 'string' ? as : as.token });

/** The account's entries of a kind, newest first. */
async function storedEntries(owner: Person, kind: AuditKind): Promise<ApiEntry[]> {
  const answer = await callAuditLog(owner, `kind=${kind}&perPage=100`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** The raw stored JSON of every entry of the account (to look for secrets where the API would not show them). */
async function storedJson(owner: string): Promise<string> {
  const { results } = await env.DB.prepare('SELECT before_json, after_json FROM audit_log WHERE owner_uid = ?').bind(owner).all();
  return JSON.stringify(results);
}

async function makeAccount(prefix: string, company: string) {
  const owner = makePerson(prefix, `Titular ${prefix}`);
  await callRegister(owner, company);
  return owner;
}

function expectWho(entry: ApiEntry | undefined, who: Person, name: string, before = Date.now() - 60_000) {
  expect(entry).toBeDefined();
  expect(entry?.actorUid).toBe(who.uid);
  expect(entry?.actorName).toBe(name);
  expect(entry?.actorEmail).toBe(who.email);
  expect(entry?.actorStaff).toBe(false);
  expect(entry?.ip).toBe(IP);
  expect((entry?.createdAt.seconds ?? 0) * 1000).toBeGreaterThanOrEqual(before - 1000);
}

describe('the audit log: each change writes its entry', () => {
  it('the team: invitation sent, resent, revoked; a role changed; a member removed — never the link', async () => {
    const maria = await makeAccount('audit-team', 'Montadora Auditoria Ltda');
    const invited = await call<{ id: string; link: string }>('POST', '/team/invitation', {
      as: maria.token,
      body: { email: 'pedro@exemplo.com.br', role: 'tecnico' },
      headers: { 'Idempotency-Key': makeIdempotencyKey(), ...makeIpHeader() },
    });
    expect(invited.status).toBe(201);
    const [invite] = await storedEntries(maria, 'team.invite');
    expectWho(invite, maria, 'Titular audit-team');
    expect(invite).toMatchObject({
      kind: 'team.invite',
      targetKind: 'invitation',
      targetId: invited.body.id,
      targetLabel: 'pedro@exemplo.com.br',
      before: null,
      after: { email: 'pedro@exemplo.com.br', role: 'tecnico' },
    });

    const resent = await call<{ link: string }>('POST', `/team/invitation/${invited.body.id}/resend`, { as: maria.token, headers: makeIpHeader() });
    expect(resent.status).toBe(200);
    const [resend] = await storedEntries(maria, 'team.invite-resend');
    expect(Object.keys(resend?.before ?? {})).toEqual(['expiresAt']);
    expect(Object.keys(resend?.after ?? {})).toEqual(['expiresAt']);
    const revoked = await call('POST', `/team/invitation/${invited.body.id}/revoke`, { as: maria.token, headers: makeIpHeader() });
    expect(revoked.status).toBe(200);
    expect((await storedEntries(maria, 'team.invite-revoke'))[0]).toMatchObject({ before: { status: 'pendente' }, after: { status: 'revogado' } });
    // A refused change (revoking again) writes nothing.
    expect((await call('POST', `/team/invitation/${invited.body.id}/revoke`, { as: maria.token })).status).toBe(409);
    expect(await storedEntries(maria, 'team.invite-revoke')).toHaveLength(1);

    // The links' tokens are never stored in the log.
    const stored = await storedJson(maria.uid);
    for (const link of [invited.body.link, resent.body.link]) {
      const token = link.split('/').at(-1) ?? '';
      expect(token.length).toBeGreaterThan(10);
      expect(stored).not.toContain(token);
    }

    const carlos = makeUid('carlos');
    await arrangeMember(maria.uid, carlos, 'tecnico');
    const changed = await call('PATCH', `/team/member/${carlos}`, { as: maria.token, body: { role: 'leitura' }, headers: makeIpHeader() });
    expect(changed.status).toBe(200);
    const [role] = await storedEntries(maria, 'team.role');
    expectWho(role, maria, 'Titular audit-team');
    expect(role).toMatchObject({ targetKind: 'member', targetId: carlos, targetLabel: carlos, before: { role: 'tecnico' }, after: { role: 'leitura' } });
    // The same role again changes nothing, records nothing.
    await call('PATCH', `/team/member/${carlos}`, { as: maria.token, body: { role: 'leitura' } });
    expect(await storedEntries(maria, 'team.role')).toHaveLength(1);

    expect((await call('DELETE', `/team/member/${carlos}`, { as: maria.token, headers: makeIpHeader() })).status).toBe(204);
    const [removed] = await storedEntries(maria, 'team.remove');
    expect(removed).toMatchObject({ targetId: carlos, before: { name: carlos, email: `${carlos}@example.com`, role: 'leitura' }, after: null });
    // Removing someone no longer there: 404, no entry.
    expect((await call('DELETE', `/team/member/${carlos}`, { as: maria.token })).status).toBe(404);
    expect(await storedEntries(maria, 'team.remove')).toHaveLength(1);
  });

  it('the remote-access policy (only when a field changes; a stale version writes nothing)', async () => {
    const maria = await makeAccount('audit-policy', 'Montadora Política Ltda');
    const put = (body: object, version: string) =>
      call('PUT', '/remote-access/policy', { as: maria.token, body, headers: { 'If-Match': version, ...makeIpHeader() } });
    expect((await put({ requireApproval: true, maxDurationHours: 4 }, '1')).status).toBe(200);
    const [entry] = await storedEntries(maria, 'policy.remote-access');
    expectWho(entry, maria, 'Titular audit-policy');
    expect(entry).toMatchObject({
      targetKind: 'policy',
      targetLabel: 'Acesso remoto',
      before: { requireApproval: false, maxDurationHours: 24 },
      after: { requireApproval: true, maxDurationHours: 4 },
    });
    expect((await put({ requireApproval: false, maxDurationHours: 8 }, '1')).status).toBe(409);
    expect((await put({ requireApproval: true, maxDurationHours: 4 }, '2')).status).toBe(200);
    expect(await storedEntries(maria, 'policy.remote-access')).toHaveLength(1);
    expect((await put({ requireApproval: true, maxDurationHours: 8 }, '3')).status).toBe(200);
    expect((await storedEntries(maria, 'policy.remote-access'))[0]).toMatchObject({ before: { maxDurationHours: 4 }, after: { maxDurationHours: 8 } });
  });

  it("a customer's factory approval: created requiring it, then changed (only the approval's fields)", async () => {
    const maria = await makeAccount('audit-customer', 'Montadora Clientes Ltda');
    const body = { name: 'Fábrica Auditada S.A.', cnpj: makeCnpj(), email: 'fabrica@exemplo.com.br', requireFactoryApproval: true };
    const created = await call<{ id: string; version: number }>('POST', '/customer', {
      as: maria.token,
      body,
      headers: { 'Idempotency-Key': makeIdempotencyKey(), ...makeIpHeader() },
    });
    expect(created.status).toBe(201);
    // A change of other fields only: no entry.
    const renamed = await call<{ version: number }>('PUT', `/customer/${created.body.id}`, {
      as: maria.token,
      body: { ...body, city: 'Joinville' },
      headers: { 'If-Match': String(created.body.version), ...makeIpHeader() },
    });
    expect(renamed.status).toBe(200);
    const off = await call('PUT', `/customer/${created.body.id}`, {
      as: maria.token,
      body: { ...body, city: 'Joinville', requireFactoryApproval: false },
      headers: { 'If-Match': String(renamed.body.version), ...makeIpHeader() },
    });
    expect(off.status).toBe(200);
    const entries = await storedEntries(maria, 'customer.approval');
    expect(entries.map((entry) => [entry.targetLabel, entry.before, entry.after])).toEqual([
      ['Fábrica Auditada S.A.', { requireFactoryApproval: true }, { requireFactoryApproval: false }],
      ['Fábrica Auditada S.A.', null, { requireFactoryApproval: true, email: 'fabrica@exemplo.com.br' }],
    ]);
    expectWho(entries[0], maria, 'Titular audit-customer');
  });

  it("a machine's network and services, each its own entry; an edit of neither writes none", async () => {
    const { maria, id } = await seedFleet();
    const owner = { uid: maria, email: `${maria}@example.com`, token: { token: makeEmulatorToken({ uid: maria }) } };
    const machineId = id('machine-1001');
    const current = await call<{
      name: string; serialNumber: string; modelId: string; customerId: string; site: string; lanSubnet: string; version: number;
      services: { name: string; protocol: string; port: number }[];
    }>('GET', `/machine/${machineId}`, { as: maria });
    expect(current.status).toBe(200);
    const base = { ...current.body, deviceId: '', services: current.body.services.map((service) => ({ ...service, port: String(service.port) })) };
    const edited = await call<{ version: number }>('PUT', `/machine/${machineId}`, {
      as: maria,
      body: { ...base, lanSubnet: '10.20.30.0/24', services: [...base.services, { name: 'CLP extra', protocol: 'modbus-tcp', port: '502' }] },
      headers: { 'If-Match': String(current.body.version), ...makeIpHeader() },
    });
    expect(edited.body).toMatchObject({ version: current.body.version + 1 });
    const [network] = await storedEntries(owner, 'machine.network');
    expect(network).toMatchObject({ targetKind: 'machine', targetId: machineId, before: { lanSubnet: current.body.lanSubnet }, after: { lanSubnet: '10.20.30.0/24' } });
    expect(network?.ip).toBe(IP);
    const [services] = await storedEntries(owner, 'machine.services');
    expect((services?.after as { services: string[] }).services).toContain('CLP extra (Modbus TCP, porta 502)');
    expect((services?.before as { services: string[] }).services).not.toContain('CLP extra (Modbus TCP, porta 502)');
    // The name only: no network nor services entry.
    await call('PUT', `/machine/${machineId}`, {
      as: maria,
      body: { ...base, name: 'Outro nome', lanSubnet: '10.20.30.0/24', services: [...base.services, { name: 'CLP extra', protocol: 'modbus-tcp', port: '502' }] },
      headers: { 'If-Match': String(edited.body.version) },
    });
    expect(await storedEntries(owner, 'machine.network')).toHaveLength(1);
    expect(await storedEntries(owner, 'machine.services')).toHaveLength(1);
  });

  it('gateways: claimed (never the setup code), renamed, installed on a machine', async () => {
    const maria = await makeAccount('audit-gateway', 'Montadora Gateways Ltda');
    const gateway = await insertDevice(null, { name: 'Gateway Novo' });
    const claimed = await call('POST', '/device/claim', { as: maria.token, body: { code: gateway.setupCode }, headers: makeIpHeader() });
    expect(claimed.status).toBe(200);
    const [create] = await storedEntries(maria, 'gateway.create');
    expectWho(create, maria, 'Titular audit-gateway');
    expect(create).toMatchObject({ targetId: gateway.id, targetLabel: 'Gateway Novo', after: { name: 'Gateway Novo', serialNumber: gateway.serialNumber } });
    expect(await storedJson(maria.uid)).not.toContain(gateway.setupCode);
    // Claimed again (already the account's): nothing new.
    await call('POST', '/device/claim', { as: maria.token, body: { code: gateway.setupCode } });
    expect(await storedEntries(maria, 'gateway.create')).toHaveLength(1);

    const renamed = await call('PUT', `/device/${gateway.id}`, { as: maria.token, body: { name: 'Gateway Linha 2' }, headers: { 'If-Match': '2', ...makeIpHeader() } });
    expect(renamed.status).toBe(200);
    expect((await storedEntries(maria, 'gateway.update'))[0]).toMatchObject({ before: { name: 'Gateway Novo' }, after: { name: 'Gateway Linha 2' } });

    const host = await insertMachine(maria.uid, { name: 'Injetora Auditada' });
    const installed = await call('PUT', `/device/${gateway.id}/machine`, { as: maria.token, body: { machineId: host.id }, headers: makeIpHeader() });
    expect(installed.status).toBe(200);
    expect((await storedEntries(maria, 'gateway.install'))[0]).toMatchObject({
      targetLabel: 'Gateway Linha 2',
      before: { machineName: '' },
      after: { machineName: 'Injetora Auditada' },
    });
  });

  it('exports and the deletion asked and cancelled', async () => {
    const maria = await makeAccount('audit-data', 'Montadora Dados Ltda');
    const exported = await call('POST', '/account/export', { as: maria.token, headers: makeIpHeader() });
    expect(exported.status).toBe(200);
    const [entry] = await storedEntries(maria, 'account.export');
    expectWho(entry, maria, 'Titular audit-data');
    expect(entry?.targetLabel).toMatch(/^ponte-iiot-dados-\d{4}-\d{2}-\d{2}\.zip$/);

    const asked = await call('POST', '/account/deletion', { as: maria.token, body: { companyName: 'Montadora Dados Ltda' }, headers: makeIpHeader() });
    expect(asked.status).toBe(200);
    const [request] = await storedEntries(maria, 'account.deletion-request');
    expect(request).toMatchObject({ targetKind: 'account', targetLabel: 'Montadora Dados Ltda', before: null });
    expect(Object.keys(request?.after ?? {})).toEqual(['eraseAt']);
    // Asked again while scheduled: the same schedule, no second entry.
    await call('POST', '/account/deletion', { as: maria.token, body: { companyName: 'Montadora Dados Ltda' } });
    expect(await storedEntries(maria, 'account.deletion-request')).toHaveLength(1);

    expect((await call('DELETE', '/account/deletion', { as: maria.token, headers: makeIpHeader() })).status).toBe(204);
    expect(await storedEntries(maria, 'account.deletion-cancel')).toHaveLength(1);
    expect((await call('DELETE', '/account/deletion', { as: maria.token })).status).toBe(404);
    expect(await storedEntries(maria, 'account.deletion-cancel')).toHaveLength(1);
  });
});

describe('the audit log: never a secret', () => {
  it('drops secret fields by name at any depth, and values that look like credentials', () => {
    expect(
      redactFields({
        url: 'https://hooks.exemplo.com.br/ponte',
        secret: 'whsec_abc',
        signingSecret: 'x',
        token: 'abc',
        password: 'hunter2',
        providerApiKey: 'k',
        nested: { privateKey: 'p', name: 'ok' },
        events: ['gateway-offline'],
        note: 'Bearer eyJhbGciOi',
        hash: 'a'.repeat(64),
      }),
    ).toEqual({ url: 'https://hooks.exemplo.com.br/ponte', nested: { name: 'ok' }, events: ['gateway-offline'] });
    expect(redactFields({ secret: 'only' })).toBeNull();
  });

  it('an entry written by another feature (a webhook) keeps only its changed, non-secret fields', async () => {
    const maria = await makeAccount('audit-webhook', 'Montadora Webhooks Ltda');
    const principal = { uid: maria.uid, memberUid: maria.uid, role: 'administrador' as const, email: maria.email, admin: false, name: undefined, emailVerified: true, authTime: 0 };
    await auditInsert(
      { db: drizzle(env.DB), principal, ip: IP },
      {
        kind: 'webhook.update',
        target: { kind: 'webhook', id: 'webhook-1', label: 'https://hooks.exemplo.com.br/ponte' },
        before: { url: 'https://hooks.exemplo.com.br/ponte', events: ['gateway-offline'], secret: 'whsec_old' },
        after: { url: 'https://hooks.exemplo.com.br/ponte', events: ['gateway-offline', 'gateway-online'], secret: 'whsec_new' },
      },
    );
    const [entry] = await storedEntries(maria, 'webhook.update');
    expect(entry).toMatchObject({ actorName: 'Montadora Webhooks Ltda', before: { events: ['gateway-offline'] }, after: { events: ['gateway-offline', 'gateway-online'] } });
    expect(await storedJson(maria.uid)).not.toContain('whsec_');
  });
});

describe('GET /audit-log: filters, pages, access, CSV', () => {
  const oldEntryAt = Date.now() - 400 * 24 * 3600_000;
  async function seedAuditedAccount() {
    const maria = await makeAccount('audit-list', 'Montadora Lista Ltda');
    const juliana = makePerson('juliana', 'Juliana Leitura');
    await arrangeMember(maria.uid, juliana.uid, 'leitura');
    const ana = makePerson('ana', 'Ana Admin');
    await arrangeMember(maria.uid, ana.uid, 'administrador');
    const carlos = makeUid('carlos');
    await arrangeMember(maria.uid, carlos, 'tecnico');
    for (let n = 0; n < 3; n += 1) await callInvite(maria, `convite${n}@exemplo.com.br`);
    await call('PATCH', `/team/member/${carlos}`, { as: ana.token, body: { role: 'leitura' }, headers: makeIpHeader('198.51.100.9') });
    // An old entry (400 days ago), straight to D1.
    await env.DB.prepare(
      `INSERT INTO audit_log (owner_uid, actor_uid, actor_name, actor_email, ip, kind, target_kind, target_id, target_label, after_json, created_at)
       VALUES (?, ?, 'Titular antigo', 'antigo@exemplo.com.br', '', 'account.export', 'account', ?, 'antigo.zip', NULL, ?)`,
    )
      .bind(maria.uid, maria.uid, maria.uid, oldEntryAt)
      .run();
    return { maria, juliana, ana, carlos };
  }

  it('filters by person, kind and period; pages newest first; offers the people', async () => {
    const { maria, ana } = await seedAuditedAccount();
    const all = await callAuditLog(maria);
    expect(all.body.meta).toEqual({ page: 1, perPage: 20, total: 5 });
    expect(all.body.data.map((entry) => entry.kind)).toEqual(['team.role', 'team.invite', 'team.invite', 'team.invite', 'account.export']);
    expect((await callAuditLog(maria, `person=${ana.uid}`)).body.data.map((entry) => [entry.actorName, entry.ip])).toEqual([['Ana Admin', '198.51.100.9']]);
    expect((await callAuditLog(maria, 'kind=team.invite')).body.meta.total).toBe(3);
    expect((await callAuditLog(maria, 'days=30')).body.meta.total).toBe(4);
    expect((await callAuditLog(maria, 'days=365&kind=account.export')).body.meta.total).toBe(0);
    // Days as the server reads them: Brasília's calendar, not UTC's (they differ from 21:00 to 24:00 in Brasília).
    const dayInBrasilia = dayKeyFormatter(DEFAULT_TIME_ZONE);
    const old = dayInBrasilia(oldEntryAt);
    const yesterday = dayInBrasilia(Date.now() - 2 * 24 * 3600_000);
    expect((await callAuditLog(maria, `to=${yesterday}`)).body.data.map((entry) => entry.targetLabel)).toEqual(['antigo.zip']);
    expect((await callAuditLog(maria, `from=${yesterday}`)).body.meta.total).toBe(4);
    expect((await callAuditLog(maria, `from=${old}&to=${old}`)).body.meta.total).toBe(1);
    const second = await callAuditLog(maria, 'perPage=10&page=1&sort=createdAt');
    expect(second.body.data[0]?.targetLabel).toBe('antigo.zip');
    const people = await call<{ people: { value: string; label: string }[] }>('GET', '/audit-log/people', { as: maria.token });
    expect(people.body.people.map((person) => person.label)).toEqual(['Ana Admin', 'Titular audit-list']);
  });

  it('Leitura reads it; Técnico is refused; another builder sees none; staff see every account with its name', async () => {
    const { maria, juliana } = await seedAuditedAccount();
    expect((await callAuditLog(juliana)).body.meta.total).toBe(5);
    const tecnico = makeUid('tecnico');
    await arrangeMember(maria.uid, tecnico, 'tecnico');
    const refused = await callAuditLog(tecnico);
    expect(refused.status).toBe(403);
    expect((await call('GET', '/audit-log/people', { as: tecnico })).status).toBe(403);
    const joao = await makeAccount('audit-joao', 'Montadora João Ltda');
    expect((await callAuditLog(joao)).body).toEqual({ data: [], meta: { page: 1, perPage: 20, total: 0 } });
    expect((await callAuditLog(joao, `person=${maria.uid}`)).body.meta.total).toBe(0);

    expect((await call('GET', '/backoffice/audit-log', { as: maria.token })).status).toBe(403);
    const staff = makeUid('staff');
    const every = await call<Page<ApiEntry & { accountUid: string; accountName: string }>>('GET', `/backoffice/audit-log?account=${maria.uid}`, {
      as: staff,
      admin: true,
    });
    expect(every.status).toBe(200);
    expect(every.body.meta.total).toBe(5);
    expect(every.body.data.every((entry) => entry.accountName === 'Montadora Lista Ltda' && entry.accountUid === maria.uid)).toBe(true);
    const accounts = await call<{ accounts: { value: string; label: string }[] }>('GET', '/backoffice/audit-log/accounts', { as: staff, admin: true });
    expect(accounts.body.accounts).toContainEqual({ value: maria.uid, label: 'Montadora Lista Ltda' });
  });

  it('the CSV of the rows answered: `;`, BOM, pt-BR dates, the labels', async () => {
    const { maria } = await seedAuditedAccount();
    const answer = await callAuditLog(maria, 'kind=team.role');
    const rows: AuditEntry[] = answer.body.data.map((entry) => ({ ...entry, createdAt: new Date(entry.createdAt.seconds * 1000) }));
    const csv = toCsv(rows, AUDIT_CSV_COLUMNS, { timeZone: 'America/Sao_Paulo' });
    const [header, line] = csv.split('\r\n');
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(header).toBe(`${CSV_BOM}Data;Pessoa;E-mail;Ação;Alvo;Endereço IP;Detalhes`);
    expect(line).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Ana Admin;/);
    expect(line).toContain(`;${AUDIT_KIND_LABELS['team.role']};`);
    expect(line?.endsWith(';198.51.100.9;Perfil: Técnico → Leitura')).toBe(true);
  });

  it('is kept 5 years: the purge deletes only older entries', async () => {
    const maria = await makeAccount('audit-purge', 'Montadora Retenção Ltda');
    const insert = (age: number, label: string) =>
      env.DB.prepare(
        `INSERT INTO audit_log (owner_uid, actor_uid, actor_name, actor_email, kind, target_kind, target_id, target_label, created_at)
         VALUES (?, ?, 'X', 'x@exemplo.com.br', 'account.export', 'account', ?, ?, ?)`,
      )
        .bind(maria.uid, maria.uid, maria.uid, label, Date.now() - age)
        .run();
    await insert(AUDIT_RETENTION_MS + 3600_000, 'velho');
    await insert(AUDIT_RETENTION_MS - 3600_000, 'quase');
    await purgeAuditLog(drizzle(env.DB));
    expect((await callAuditLog(maria)).body.data.map((entry) => entry.targetLabel)).toEqual(['quase']);
  });
});

describe('staff acting on an account', () => {
  it("cancelling an order in the back office records each withdrawn gateway in the account's log, as staff", async () => {
    await seedDemo();
    const detail = await call<{ version: number; devices: { id: string; name: string }[] }>('GET', '/backoffice/order/order-1006', { as: DEMO_ADMIN_UID, admin: true });
    const cancelled = await call('POST', '/backoffice/order/order-1006/status', {
      as: DEMO_ADMIN_UID,
      admin: true,
      body: { status: 'cancelado', reason: 'Cliente desistiu da compra.' },
      headers: { 'If-Match': String(detail.body.version), ...makeIpHeader('192.0.2.99') },
    });
    expect(cancelled.status).toBe(200);
    const entries = (await callAuditLog(MARIA, 'kind=gateway.delete&perPage=100')).body.data;
    expect(entries.map((entry) => entry.targetId).sort()).toEqual(detail.body.devices.map((device) => device.id).sort());
    expect(entries[0]).toMatchObject({ actorUid: DEMO_ADMIN_UID, actorStaff: true, ip: '192.0.2.99', targetKind: 'gateway', after: null });
    expect(entries[0]?.actorName).not.toBe('');
  });
});

describe('100 000 entries', () => {
  it('every filter of the list is served by an index that starts with the account (no scan of the table)', async () => {
    const owner = makeUid('audit-big');
    // 100 000 entries of one account (and a few people and kinds), straight to D1.
    await env.DB.prepare(
      `INSERT INTO audit_log (owner_uid, actor_uid, actor_name, actor_email, kind, target_kind, target_id, target_label, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
       SELECT ?, 'pessoa-' || (i % 7), 'Pessoa ' || (i % 7), 'p@exemplo.com.br',
         CASE i % 3 WHEN 0 THEN 'team.role' WHEN 1 THEN 'machine.network' ELSE 'gateway.update' END,
         'member', 'x' || i, 'Alvo ' || i, ? - i * 60000 FROM n`,
    )
      .bind(owner, Date.now())
      .run();
    const db = drizzle(env.DB);
    const base = auditListQuery.parse(new URLSearchParams());
    const queries = ['', 'person=pessoa-3', 'kind=team.role', 'days=30', 'person=pessoa-3&kind=team.role&days=7', 'from=2026-01-01&to=2026-02-01', 'sort=createdAt&page=40'];
    for (const search of queries) {
      const query = search ? auditListQuery.parse(new URLSearchParams(search)) : base;
      for (const statement of auditListStatements(db, owner, query)) {
        const { sql: text, params } = statement.toSQL();
        const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`).bind(...params).all<{ detail: string }>();
        const plan = results.map((row) => row.detail).join(' | ');
        expect(plan, search).toMatch(/USING (COVERING )?INDEX audit_log_owner_/);
        expect(plan, search).not.toMatch(/SCAN audit_log(?! USING)/);
      }
    }
    const page = await callAuditLog(owner, 'person=pessoa-3&kind=team.role&perPage=100');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(100);
    expect(page.body.meta.total).toBe(4762);
  });
});
