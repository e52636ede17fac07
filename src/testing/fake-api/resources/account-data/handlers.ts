/**
 * POST /account/export and POST /account/deletion (Configurações → "Privacidade e dados"), as the main API answers
 * them (src/server/main/routes/account-data): the role is the policy's (team/policy.ts: Administrador only). The
 * export is a real store-only ZIP of `dados.json` and a CSV per list of the account's records (the fake's lists,
 * fewer fields than the Worker's); the deletion checks the typed name, then removes the account's fleet and people
 * and marks it deleted, so that its later requests answer 403 `account-deleted`.
 */
import { http, HttpResponse } from 'msw';
import {
  ACCOUNT_DELETED_CODE,
  ACCOUNT_DELETED_MESSAGE,
  accountDeletionSchema,
  DELETION_NAME_MISMATCH,
  EXPORT_FILES,
  exportFileName,
  normalizeCompanyName,
} from '@/contracts/account-data';
import { toCsv } from '@/contracts/format/csv';
import { zipStore } from '@/contracts/format/zip';
import { parseBody } from '@/testing/fake-api/collection';
import { apiError, authenticate, invalidBody, readJson, serialize, validationError, type HandlerContext } from '@/testing/fake-api/http';

type Row = Record<string, unknown>;

/** Accounts deleted in this fake database's data (the seed's records have no such field; a reset forgets them). */
const deletedAccounts = new WeakMap<object, Set<string>>();

export function accountDataHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const deleted = () => {
    let set = deletedAccounts.get(db.data);
    if (!set) {
      set = new Set();
      deletedAccounts.set(db.data, set);
    }
    return set;
  };

  /** 401 / 403 account-deleted, or the principal. */
  const caller = (request: Request) => {
    const auth = authenticate(request, ctx);
    if ('response' in auth) return auth;
    if (deleted().has(auth.principal.uid)) return { response: apiError(403, ACCOUNT_DELETED_CODE, ACCOUNT_DELETED_MESSAGE) };
    return auth;
  };

  const recordsOf = (owner: string): Record<string, Row[]> => {
    const mine = <T extends { ownerUid?: string | null }>(rows: readonly T[]) => rows.filter((row) => row.ownerUid === owner) as unknown as Row[];
    const { data } = db;
    return {
      empresa: data.assemblers.filter((a) => a.uid === owner) as unknown as Row[],
      equipe: data.teamMembers.filter((m) => m.accountUid === owner) as unknown as Row[],
      clientes: mine(data.customers),
      modelosDeMaquina: mine(data.machineModels),
      maquinas: mine(data.machines),
      gateways: mine(data.devices).map(({ setupCode: _setup, wgPublicKey: _key, ...rest }) => rest),
      enderecos: mine(data.addresses),
      pedidos: mine(data.orders),
      historicoDeAcesso: mine(data.deviceConnections),
      usuariosVpn: mine(data.vpnUsers),
    };
  };

  const csvOf = (rows: Row[]) => {
    const keys = Object.keys(rows[0] ?? {}).filter((key) => typeof rows[0]?.[key] !== 'object' || rows[0]?.[key] === null);
    return toCsv(rows, keys.map((key) => ({ header: key, value: (row: Row) => (row[key] as string | number | null | undefined) ?? null })));
  };

  return [
    http.post(`${apiUrl}/account/export`, ({ request }) => {
      const auth = caller(request);
      if ('response' in auth) return auth.response;
      const records = recordsOf(auth.principal.uid);
      const keyOf = (file: string) => file.replace(/\.csv$/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
      const archive = zipStore([
        { name: 'dados.json', data: JSON.stringify(serialize(records), null, 2) },
        ...EXPORT_FILES.filter((entry) => entry.file.endsWith('.csv')).map((entry) => ({ name: entry.file, data: csvOf(records[keyOf(entry.file)] ?? []) })),
      ]);
      return new HttpResponse(archive, {
        status: 200,
        headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${exportFileName()}"` },
      });
    }),

    http.post(`${apiUrl}/account/deletion`, async ({ request }) => {
      const auth = caller(request);
      if ('response' in auth) return auth.response;
      const body = await readJson(request);
      if (!body) return invalidBody();
      const parsed = parseBody(accountDeletionSchema, body);
      if ('response' in parsed) return parsed.response;
      const owner = auth.principal.uid;
      const company = db.data.assemblers.find((a) => a.uid === owner);
      if (!company) return apiError(404, 'not-found', 'Empresa não encontrada para esta conta.');
      if (normalizeCompanyName(parsed.data.companyName) !== normalizeCompanyName(company.name)) return validationError(DELETION_NAME_MISMATCH, 'companyName');
      const now = Date.now();
      const { data } = db;
      const others = <T extends { ownerUid?: string | null }>(rows: T[]) => rows.filter((row) => row.ownerUid !== owner);
      data.customers = others(data.customers);
      data.machineModels = others(data.machineModels);
      data.machines = others(data.machines);
      data.devices = others(data.devices);
      data.addresses = others(data.addresses);
      data.vpnUsers = others(data.vpnUsers);
      data.vpnNodes = others(data.vpnNodes);
      data.vpnRoutes = others(data.vpnRoutes);
      deleted().add(owner);
      db.save();
      return HttpResponse.json(serialize({ deletedAt: now }) as Record<string, unknown>, { status: 200 });
    }),
  ];
}
