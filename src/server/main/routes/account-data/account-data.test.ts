import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { EXPORT_FILES, EXPORT_RUNNING_MESSAGE } from '@/contracts/account-data';
import { unzipStore } from '@/contracts/format/zip';
import { call, makeUid } from '../../../testing/api';
import { seedAccount, COMPANY, CREATED, seedRecords } from './fixtures';

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
    const { owner, tag } = await seedAccount();
    const stranger = makeUid('estranho');
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
    // Issue 37: the alert rules, the webhooks (never their secret) and the portal's notifications.
    expect(data.regrasDeAlerta).toEqual([
      {
        event: 'gateway-offline',
        enabled: true,
        roles: ['administrador', 'tecnico'],
        extraEmails: [`plantao-${tag}@exemplo.com.br`],
        channels: ['portal', 'email'],
        afterMinutes: 5,
        quietMinutes: 30,
        updatedAt: new Date(CREATED).toISOString(),
      },
    ]);
    expect(data.webhooks).toEqual([
      {
        id: `webhook-${tag}`,
        url: `https://erp-${tag}.exemplo.com.br/ponte`,
        events: ['gateway-offline'],
        enabled: true,
        failingSince: null,
        disabledAt: null,
        createdAt: new Date(CREATED).toISOString(),
      },
    ]);
    expect(data.notificacoes).toEqual([
      {
        id: `portal-notification-${tag}`,
        memberUid: owner.uid,
        event: 'gateway-offline',
        title: `Gateway offline: Gateway ${tag}`,
        message: 'Sem contato há 5 minutos.',
        subjectKind: 'device',
        subjectId: `device-${tag}`,
        readAt: null,
        createdAt: new Date(CREATED).toISOString(),
      },
    ]);

    const everything = [...files.values()].map(text).join('\n');
    for (const secret of [`SETUP-SECRET-${tag}`, `INVITE-TOKEN-${tag}`, `NODE-HASH-${tag}`, `WGKEY-${tag}`, `RAKEY-${tag}`, `WEBHOOK-SECRET-${tag}`, `WEBHOOK-IV-${tag}`]) {
      expect(everything).not.toContain(secret);
    }
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
    expect(text(files.get('regras-de-alerta.csv')).slice(1).split('\r\n')).toEqual([
      'Evento;Ativa;Perfis;E-mails extras;Canais;Avisar após (min);Silêncio (min);Alterada em',
      `gateway-offline;sim;administrador, tecnico;plantao-${tag}@exemplo.com.br;portal, email;5;30;05/03/2026 10:07`,
      '',
    ]);
    expect(text(files.get('webhooks.csv')).slice(1).split('\r\n')).toEqual([
      'URL;Eventos;Ativo;Falhando desde;Desativado em;Criado em',
      `https://erp-${tag}.exemplo.com.br/ponte;gateway-offline;sim;;;05/03/2026 10:07`,
      '',
    ]);
    expect(text(files.get('notificacoes.csv')).slice(1).split('\r\n')).toEqual([
      'Destinatário;Evento;Título;Mensagem;Lida em;Criada em',
      `${owner.uid};gateway-offline;Gateway offline: Gateway ${tag};Sem contato há 5 minutos.;;05/03/2026 10:07`,
      '',
    ]);
  });

  it('Administrador only; a second export while one runs is refused (one archive), a stale claim is taken over', async () => {
    const { owner, tecnico, leitura } = await seedAccount();
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
