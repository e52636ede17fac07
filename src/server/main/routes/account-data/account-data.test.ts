import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED_MESSAGE, DELETION_NAME_MISMATCH, EXPORT_FILES, EXPORT_RUNNING_MESSAGE } from '@/contracts/account-data';
import { unzipStore } from '@/contracts/format/zip';
import { addMember, call, freshUid } from '../../../testing/api';
import { emulatorToken } from '../../../testing/tokens';
import { person, register, type Person } from '../team/team-fixtures';

const COMPANY = 'Metalúrgica Privacidade Ltda';
/** 2026-03-05 13:07 UTC = 10:07 in Brasília. */
const CREATED = Date.UTC(2026, 2, 5, 13, 7);

/** A record of every kind for `owner`, with secrets where the tables keep them; `tag` makes its values its own. */
async function seedRecords(owner: string, tag: string): Promise<void> {
  const n = Math.floor(Math.random() * 1e9) + 10_000;
  const now = Date.now();
  const rows: Array<[string, unknown[]]> = [
    [
      `INSERT INTO customer (id, owner_uid, name, trade_name, cnpj, email, phone, city, uf, name_key, trade_name_key, city_key, search, search_compact, created_at, updated_at)
       VALUES (?, ?, ?, '', '11222333000181', ?, '(11) 98888-7777', 'São Paulo', 'SP', 'k', 'k', 'k', 's', 's', ?, ?)`,
      [`customer-${tag}`, owner, `=HYPERLINK("x") Cliente ${tag}`, `compras-${tag}@cliente.com.br`, CREATED, CREATED],
    ],
    [
      `INSERT INTO machine_model (id, owner_uid, name, name_key, manufacturer_key, category_key, search, search_compact, created_at, updated_at)
       VALUES (?, ?, ?, 'k', 'k', 'k', 's', 's', ?, ?)`,
      [`model-${tag}`, owner, `Modelo ${tag}`, now, now],
    ],
    [
      `INSERT INTO machine (id, owner_uid, name, serial_number, model_id, device_id, name_key, site_key, search, search_compact, created_at, updated_at)
       VALUES (?, ?, ?, 'SN', ?, ?, 'k', 'k', 's', 's', ?, ?)`,
      [`machine-${tag}`, owner, `Máquina ${tag}`, `model-${tag}`, `device-${tag}`, now, now],
    ],
    [
      `INSERT INTO device (id, owner_uid, serial_number, setup_code, name, hardware_model, firmware, status, vpn_address, wg_public_key, name_key, search, search_compact, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'PX-100', '1.0', 'online', ?, ?, 'k', 's', 's', ?, ?)`,
      [`device-${tag}`, owner, `SER-${tag}`, `SETUP-SECRET-${tag}`, `Gateway ${tag}`, `10.9.${n % 250}.${n % 200}`, `WGKEY-${tag}`, now, now],
    ],
    [
      `INSERT INTO device_connection (id, owner_uid, device_id, machine_id, user_name, user_email, started_at, public_ip, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, '200.1.2.3', ?)`,
      [`conn-${tag}`, owner, `device-${tag}`, `machine-${tag}`, `Técnico ${tag}`, `tecnico-${tag}@exemplo.com.br`, now, now],
    ],
    [
      `INSERT INTO address (id, owner_uid, label, cep, street, number, district, city, uf, is_default, label_key, street_key, city_key, search, search_compact, created_at, updated_at)
       VALUES (?, ?, 'Fábrica', '01310-100', ?, '1000', 'Bela Vista', 'São Paulo', 'SP', 1, 'k', 'k', 'k', 's', 's', ?, ?)`,
      [`address-${tag}`, owner, `Avenida ${tag}`, now, now],
    ],
    [
      `INSERT INTO purchase_order (id, owner_uid, number, status, item_count, subtotal, total, address_id, address_label, address_cep, address_street, address_number,
         address_district, address_city, address_uf, payment_method_id, payment_kind, payment_method_name, card_brand, card_last4, search, search_compact, created_at, updated_at)
       VALUES (?, ?, ?, 'pago', 1, 123456, 123456, ?, 'Fábrica', '01310-100', ?, '1000', 'Bela Vista', 'São Paulo', 'SP', 'pm-card', 'cartao-credito', 'Cartão', 'Visa', '4242', 's', 's', ?, ?)`,
      [`order-${tag}`, owner, n, `address-${tag}`, `Avenida ${tag}`, CREATED, CREATED],
    ],
    [
      `INSERT INTO order_item (order_id, line, owner_uid, product_id, sku, name, kind, quantity, unit_price) VALUES (?, 1, ?, 'product-1', 'GW-1', 'Gateway PX', 'gateway', 1, 123456)`,
      [`order-${tag}`, owner],
    ],
    [
      `INSERT INTO order_timeline (order_id, owner_uid, status, at, actor_kind, actor_name) VALUES (?, ?, 'aguardando-pagamento', ?, 'cliente', ?)`,
      [`order-${tag}`, owner, now, `Comprador ${tag}`],
    ],
    [
      `INSERT INTO invitation (id, owner_uid, token, email, email_key, role, status, created_at, expires_at, invited_by_uid, invited_by_name, updated_at)
       VALUES (?, ?, ?, ?, ?, 'tecnico', 'pendente', ?, ?, ?, 'Dono', ?)`,
      [`invitation-${tag}`, owner, `INVITE-TOKEN-${tag}`, `convidado-${tag}@exemplo.com.br`, `convidado-${tag}@exemplo.com.br`, now, now + 86_400_000, owner, now],
    ],
    [
      `INSERT INTO remote_access_session (id, owner_uid, machine_id, machine_name, device_id, requester_uid, requester_name, requester_email, reason, duration_hours,
         services, lan_subnet, status, tunnel_address, wg_public_key, version, created_at, updated_at)
       VALUES (?, ?, ?, 'Máquina', ?, ?, 'Solicitante', ?, 'Ajuste', 1, '[]', '192.168.0.0/24', 'active', '10.86.0.9', ?, 1, ?, ?)`,
      [`session-${tag}`, owner, `machine-${tag}`, `device-${tag}`, owner, `solicitante-${tag}@exemplo.com.br`, `RAKEY-${tag}`, now, now],
    ],
    [
      `INSERT INTO remote_access_event (id, owner_uid, session_id, kind, machine_id, machine_name, requester_uid, requester_name, at)
       VALUES (?, ?, ?, 'requested', ?, 'Máquina', ?, 'Solicitante', ?)`,
      [`event-${tag}`, owner, `session-${tag}`, `machine-${tag}`, owner, now],
    ],
    [
      `INSERT INTO vpn_user (id, owner_uid, name, email, name_key, search, search_compact, created_at, updated_at) VALUES (?, ?, ?, ?, 'k', 's', 's', ?, ?)`,
      [`vpn-user-${tag}`, owner, `Usuário VPN ${tag}`, `vpn-${tag}@exemplo.com.br`, now, now],
    ],
    [
      `INSERT INTO vpn_node (id, owner_uid, name, device_id, vpn_address, address_sort, token_hash, name_key, search, search_compact, created_at, updated_at)
       VALUES (?, ?, 'Nó', ?, '10.9.0.1', 1, ?, 'k', 's', 's', ?, ?)`,
      [`vpn-node-${tag}`, owner, `device-${tag}`, `NODE-HASH-${tag}`, now, now],
    ],
    [
      `INSERT INTO vpn_route (id, owner_uid, node_id, network, network_sort, description_key, search, search_compact, created_at, updated_at)
       VALUES (?, ?, ?, '192.168.0.0/24', 1, 'k', 's', 's', ?, ?)`,
      [`vpn-route-${tag}`, owner, `vpn-node-${tag}`, now, now],
    ],
  ];
  await env.DB.batch(rows.map(([text, params]) => env.DB.prepare(text).bind(...params)));
}

/** A registered builder with every kind of record, a Técnico and a Leitura. */
async function account(): Promise<{ owner: Person; tag: string; tecnico: string; leitura: string }> {
  const owner = person('privacidade');
  await register(owner, COMPANY);
  const tag = owner.uid;
  await seedRecords(owner.uid, tag);
  const tecnico = freshUid('tecnico');
  const leitura = freshUid('leitura');
  await addMember(owner.uid, tecnico, 'tecnico');
  await addMember(owner.uid, leitura, 'leitura');
  return { owner, tag, tecnico, leitura };
}

async function exportAs(token: string): Promise<Response> {
  return SELF.fetch('http://localhost/account/export', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
}

/** UTF-8, the BOM kept (the CSVs start with it; a decoder would drop it). */
const text = (bytes: Uint8Array | undefined) => {
  const bom = bytes?.[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return (bom ? '\uFEFF' : '') + new TextDecoder().decode(bom ? bytes.subarray(3) : bytes);
};

describe('POST /account/export', () => {
  it('a ZIP of dados.json and a pt-BR CSV per list, of this account only, without secrets', async () => {
    const { owner, tag } = await account();
    const stranger = freshUid('estranho');
    await seedRecords(stranger, stranger);

    const response = await exportAs(owner.token.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="ponte-iiot-dados-\d{4}-\d{2}-\d{2}\.zip"$/);
    const archive = new Uint8Array(await response.arrayBuffer());
    const files = unzipStore(archive);
    expect([...files.keys()].sort()).toEqual(EXPORT_FILES.map((entry) => entry.file).sort());

    const data = JSON.parse(text(files.get('dados.json'))) as Record<string, Array<Record<string, unknown>>>;
    expect(data.empresa).toEqual([{ name: COMPANY, cnpj: expect.any(String), email: owner.email, createdAt: expect.any(String) }]);
    expect(data.equipe).toHaveLength(3);
    expect(data.clientes?.[0]).toMatchObject({ id: `customer-${tag}`, email: `compras-${tag}@cliente.com.br`, createdAt: new Date(CREATED).toISOString() });
    expect(data.pedidos?.[0]).toMatchObject({ id: `order-${tag}`, total: 123456, cardLast4: '4242', itens: [{ sku: 'GW-1', quantity: 1 }] });
    expect(data.pagamentos).toEqual([expect.objectContaining({ cardBrand: 'Visa', cardLast4: '4242' })]);
    for (const list of ['convites', 'modelosDeMaquina', 'maquinas', 'gateways', 'enderecos', 'acessosRemotos', 'eventosDeAcessoRemoto', 'historicoDeAcesso', 'usuariosVpn']) {
      expect(data[list], list).toHaveLength(1);
    }

    const everything = [...files.values()].map(text).join('\n');
    for (const secret of [`SETUP-SECRET-${tag}`, `INVITE-TOKEN-${tag}`, `NODE-HASH-${tag}`, `WGKEY-${tag}`, `RAKEY-${tag}`]) expect(everything).not.toContain(secret);
    expect(everything).not.toContain(stranger);

    const customers = text(files.get('clientes.csv'));
    expect(customers.startsWith('\uFEFF')).toBe(true);
    const [header, line] = customers.slice(1).split('\r\n');
    expect(header).toBe('Razão social;Nome fantasia;CNPJ;E-mail;Telefone;Cidade;UF;Criado em');
    // Formula neutralised (and quoted: it holds quotes); the date in Brasília, dd/mm/aaaa hh:mm.
    expect(line).toBe(`"'=HYPERLINK(""x"") Cliente ${tag}";;11222333000181;compras-${tag}@cliente.com.br;(11) 98888-7777;São Paulo;SP;05/03/2026 10:07`);
    const orders = text(files.get('pedidos.csv')).slice(1).split('\r\n');
    expect(orders[1]).toContain(';1234,56;');
    expect(text(files.get('pagamentos.csv'))).toContain(';Visa;4242;');
  });

  it('Administrador only; a second export while one runs is refused (one archive), a stale claim is taken over', async () => {
    const { owner, tecnico, leitura } = await account();
    for (const uid of [tecnico, leitura]) {
      const refused = await call('POST', '/account/export', { as: uid });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: { code: 'role-forbidden' } });
    }
    await env.DB.prepare('INSERT INTO account_export (owner_uid, started_at) VALUES (?, ?)').bind(owner.uid, Date.now()).run();
    const running = await call('POST', '/account/export', { as: owner.token });
    expect(running.status).toBe(409);
    expect(running.body).toEqual({ error: { code: 'export-running', message: EXPORT_RUNNING_MESSAGE } });
    await env.DB.prepare('UPDATE account_export SET started_at = ? WHERE owner_uid = ?').bind(Date.now() - 120_000, owner.uid).run();
    expect((await exportAs(owner.token.token)).status).toBe(200);
    // Done: the claim is released.
    expect(await env.DB.prepare('SELECT 1 FROM account_export WHERE owner_uid = ?').bind(owner.uid).first()).toBeNull();
    expect((await exportAs(owner.token.token)).status).toBe(200);
  });
});

const count = async (table: string, owner: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE owner_uid = ?`).bind(owner).first<{ n: number }>())?.n;

describe('POST /account/deletion', () => {
  it('refuses a wrong name (400 at companyName) and other roles (403); nothing changes', async () => {
    const { owner, tecnico } = await account();
    const wrong = await call('POST', '/account/deletion', { as: owner.token, body: { companyName: 'metalúrgica privacidade ltda' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: { code: 'validation', message: DELETION_NAME_MISMATCH, field: 'companyName' } });
    const byTecnico = await call('POST', '/account/deletion', { as: tecnico, body: { companyName: COMPANY } });
    expect(byTecnico.status).toBe(403);
    expect(byTecnico.body).toMatchObject({ error: { code: 'role-forbidden' } });
    expect(await count('customer', owner.uid)).toBe(1);
    expect((await call('GET', '/me', { as: owner.token })).status).toBe(200);
  });

  it('deletes in one batch: everyone refused after, fleet and personal data gone, orders kept anonymised, others untouched', async () => {
    const { owner, tag, tecnico, leitura } = await account();
    const stranger = person('vizinho');
    await register(stranger, 'Vizinha Ltda');
    await seedRecords(stranger.uid, stranger.uid);

    const deleted = await call('POST', '/account/deletion', { as: owner.token, body: { companyName: `  ${COMPANY.replace(' ', '  ')} ` } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deletedAt: { seconds: expect.any(Number), nanos: expect.any(Number) } });

    for (const as of [owner.token, tecnico, leitura, { token: emulatorToken({ uid: tecnico }) }]) {
      for (const [method, path] of [['GET', '/me'], ['GET', '/customer'], ['POST', '/account/export']] as const) {
        const refused = await call(method, path, { as });
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body).toEqual({ error: { code: 'account-deleted', message: ACCOUNT_DELETED_MESSAGE } });
      }
    }

    for (const table of ['customer', 'machine_model', 'machine', 'device', 'address', 'remote_access_session', 'remote_access_event', 'vpn_user', 'vpn_node', 'vpn_route', 'mail']) {
      expect(await count(table, owner.uid), table).toBe(0);
    }
    const order = await env.DB.prepare('SELECT * FROM purchase_order WHERE owner_uid = ?').bind(owner.uid).first<Record<string, unknown>>();
    expect(order).toMatchObject({ total: 123456, card_last4: '4242', address_street: '', address_number: '', address_label: '', address_id: null, address_cep: '01310-100', address_uf: 'SP' });
    expect(await count('order_item', owner.uid)).toBe(1);
    const step = await env.DB.prepare('SELECT actor_name FROM order_timeline WHERE owner_uid = ?').bind(owner.uid).first();
    expect(step).toEqual({ actor_name: 'Cliente' });
    const company = await env.DB.prepare('SELECT name, email, deleted_at FROM assembler WHERE uid = ?').bind(owner.uid).first<Record<string, unknown>>();
    expect(company).toMatchObject({ name: COMPANY, email: '', deleted_at: expect.any(Number) });
    const people = await env.DB.prepare('SELECT name, email FROM team_member WHERE account_uid = ?').bind(owner.uid).all<{ name: string; email: string }>();
    expect(people.results).toHaveLength(3);
    for (const who of people.results) expect(who).toEqual({ name: 'Pessoa removida', email: expect.stringMatching(/@conta-excluida\.invalid$/) });
    const invitation = await env.DB.prepare('SELECT status, email FROM invitation WHERE owner_uid = ?').bind(owner.uid).first();
    expect(invitation).toEqual({ status: 'revogado', email: '' });
    const access = await env.DB.prepare('SELECT user_name, user_email, public_ip FROM device_connection WHERE owner_uid = ?').bind(owner.uid).first();
    expect(access).toEqual({ user_name: '', user_email: '', public_ip: '200.1.2.3' });

    // The other builder's account goes on as before.
    expect(await count('customer', stranger.uid)).toBe(1);
    expect(await count('vpn_node', stranger.uid)).toBe(1);
    expect((await call('GET', '/me', { as: stranger.token })).status).toBe(200);
    expect(tag).toBe(owner.uid);
  });

  it('is atomic: a statement that fails leaves everything as it was', async () => {
    const { owner } = await account();
    const trigger = `privacy_fail_${owner.uid.replace(/\W/g, '_')}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE DELETE ON vpn_route WHEN old.owner_uid = '${owner.uid}' BEGIN SELECT RAISE(ABORT, 'falha simulada'); END`,
    ).run();
    try {
      // (SELF directly: a 500 is the app's own answer, not one the route describes.)
      const failed = await SELF.fetch('http://localhost/account/deletion', {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.token.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ companyName: COMPANY }),
      });
      expect(failed.status).toBe(500);
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    expect(await count('customer', owner.uid)).toBe(1);
    expect(await count('device', owner.uid)).toBe(1);
    const company = await env.DB.prepare('SELECT deleted_at, email FROM assembler WHERE uid = ?').bind(owner.uid).first();
    expect(company).toEqual({ deleted_at: null, email: owner.email });
    expect((await call('GET', '/me', { as: owner.token })).status).toBe(200);
  });
});
