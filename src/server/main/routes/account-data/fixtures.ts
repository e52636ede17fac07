/** Test fixtures of Privacidade e dados: a registered builder with a record of every kind. */
import { env } from 'cloudflare:test';
import { arrangeMember, makeUid } from '../../../testing/api';
import { makePerson, callRegister, type Person } from '../team/team-fixtures';

export const COMPANY = 'Metalúrgica Privacidade Ltda';
/** 2026-03-05 13:07 UTC = 10:07 in Brasília. */
export const CREATED = Date.UTC(2026, 2, 5, 13, 7);

/** A record of every kind for `owner`, with secrets where the tables keep them; `tag` makes its values its own. */
export async function seedRecords(owner: string, tag: string): Promise<void> {
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
      `INSERT INTO remote_access_factory_link (token_hash, owner_uid, session_id, customer_id, customer_name, customer_email, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [`FACTORY-HASH-${tag}`, owner, `session-${tag}`, `customer-${tag}`, `Fábrica ${tag}`, `fabrica-${tag}@cliente.com.br`, now + 86_400_000, now],
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
    [
      `INSERT INTO alert_rule (owner_uid, event, enabled, roles, extra_emails, channels, after_minutes, quiet_minutes, version, updated_at)
       VALUES (?, 'gateway-offline', 1, '["administrador","tecnico"]', ?, '["portal","email"]', 5, 30, 1, ?)`,
      [owner, JSON.stringify([`plantao-${tag}@exemplo.com.br`]), CREATED],
    ],
    [
      `INSERT INTO webhook_endpoint (id, owner_uid, url, events, secret_cipher, secret_iv, enabled, version, created_at, updated_at)
       VALUES (?, ?, ?, '["gateway-offline"]', ?, ?, 1, 1, ?, ?)`,
      [`webhook-${tag}`, owner, `https://erp-${tag}.exemplo.com.br/ponte`, `WEBHOOK-SECRET-${tag}`, `WEBHOOK-IV-${tag}`, CREATED, CREATED],
    ],
    [
      `INSERT INTO portal_notification (id, owner_uid, member_uid, event, title, message, subject_kind, subject_id, created_at)
       VALUES (?, ?, ?, 'gateway-offline', ?, 'Sem contato há 5 minutos.', 'device', ?, ?)`,
      [`portal-notification-${tag}`, owner, owner, `Gateway offline: Gateway ${tag}`, `device-${tag}`, CREATED],
    ],
  ];
  await env.DB.batch(rows.map(([text, params]) => env.DB.prepare(text).bind(...params)));
}

/** A registered builder with every kind of record, a Técnico and a Leitura. */
export async function seedAccount(): Promise<{ owner: Person; tag: string; tecnico: string; leitura: string }> {
  const owner = makePerson('privacidade');
  await callRegister(owner, COMPANY);
  const tag = owner.uid;
  await seedRecords(owner.uid, tag);
  const tecnico = makeUid('tecnico');
  const leitura = makeUid('leitura');
  await arrangeMember(owner.uid, tecnico, 'tecnico');
  await arrangeMember(owner.uid, leitura, 'leitura');
  return { owner, tag, tecnico, leitura };
}

export const storedCount = async (table: string, owner: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE owner_uid = ?`).bind(owner).first<{ n: number }>())?.n;
