/**
 * POST /account/export and POST /account/deletion (Configurações → "Privacidade e dados"), as the main API answers
 * them (src/server/main/routes/account-data): the role is the policy's (team/policy.ts: Administrador only). The
 * export is a real store-only ZIP of `dados.json` and a CSV per list of the account's records (the fake's lists,
 * fewer fields than the Worker's). The deletion (only the Titular, a recent sign-in, the typed name) is scheduled
 * DELETION_GRACE_MS later and each Administrador gets an e-mail in the demo mailbox; GET /account/deletion reads the
 * schedule and DELETE cancels it. The fake runs no daily job: a scheduled deletion never comes due.
 */
import { http, HttpResponse } from 'msw';
import {
  accountDeletionSchema,
  DELETION_GRACE_MS,
  DELETION_NAME_MISMATCH,
  DELETION_NOT_SCHEDULED,
  deletionDay,
  EXPORT_FILES,
  exportFileName,
  normalizeCompanyName,
  RECENT_SIGN_IN_CODE,
  RECENT_SIGN_IN_MESSAGE,
  RECENT_SIGN_IN_MINUTES,
} from '@/contracts/account-data';
import { TITULAR_CODE, TITULAR_MESSAGES } from '@/contracts/titular';
import { toCsv } from '@/contracts/format/csv';
import { zipStore } from '@/contracts/format/zip';
import { parseBody } from '@/testing/fake-api/collection';
import { apiError, authenticate, invalidBody, readJson, serialize, validationError, type HandlerContext } from '@/testing/fake-api/http';

type Row = Record<string, unknown>;

interface Schedule {
  requestedAt: number;
  eraseAt: number;
  requestedBy: string;
}
/** Deletions scheduled in this fake database's data (the fake runs no daily job: they never come due). */
const scheduledDeletions = new WeakMap<object, Map<string, Schedule>>();

/** When the token's person signed in (`auth_time`; the tests' tokens carry only `iat`), epoch ms. */
function signedInAt(request: Request): number {
  const payload = (request.headers.get('Authorization') ?? '').split('.')[1] ?? '';
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { auth_time?: unknown; iat?: unknown };
    const seconds = typeof claims.auth_time === 'number' ? claims.auth_time : typeof claims.iat === 'number' ? claims.iat : 0;
    return seconds * 1000;
  } catch {
    return 0;
  }
}

export function accountDataHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const schedules = () => {
    let map = scheduledDeletions.get(db.data);
    if (!map) {
      map = new Map();
      scheduledDeletions.set(db.data, map);
    }
    return map;
  };

  /** The demo mailbox's e-mail to each Administrador of the account (as the Worker's `mail` rows). */
  const tellAdmins = (owner: string, subject: string, text: string) => {
    const admins = db.data.teamMembers.filter((m) => m.accountUid === owner && m.role === 'administrador');
    for (const admin of admins) {
      db.data.mailbox.push({ id: db.nextId('mail'), accountUid: owner, to: admin.email, subject, text, link: '/settings/', sentAt: Date.now() });
    }
  };

  /** 401, or the principal. */
  const caller = (request: Request) => authenticate(request, ctx);

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
      const { principal } = auth;
      const owner = principal.uid;
      if (principal.memberUid !== owner) return apiError(403, TITULAR_CODE, TITULAR_MESSAGES.deletion);
      const company = db.data.assemblers.find((a) => a.uid === owner);
      if (!company) return apiError(404, 'not-found', 'Empresa não encontrada para esta conta.');
      if (normalizeCompanyName(parsed.data.companyName) !== normalizeCompanyName(company.name)) return validationError(DELETION_NAME_MISMATCH, 'companyName');
      if (Date.now() - signedInAt(request) > RECENT_SIGN_IN_MINUTES * 60_000) return apiError(403, RECENT_SIGN_IN_CODE, RECENT_SIGN_IN_MESSAGE);
      let schedule = schedules().get(owner);
      if (!schedule) {
        const now = Date.now();
        const requestedBy = db.data.teamMembers.find((m) => m.uid === principal.memberUid && m.accountUid === owner)?.name ?? principal.name ?? principal.email;
        schedule = { requestedAt: now, eraseAt: now + DELETION_GRACE_MS, requestedBy };
        schedules().set(owner, schedule);
        const day = deletionDay(schedule.eraseAt);
        tellAdmins(owner, `Exclusão da conta de ${company.name} agendada para ${day}`, `${requestedBy} pediu a exclusão da conta de ${company.name} no Ponte IIoT. Os dados serão apagados em ${day}.`);
        db.save();
      }
      return HttpResponse.json(serialize(schedule) as Record<string, unknown>, { status: 200 });
    }),

    http.get(`${apiUrl}/account/deletion`, ({ request }) => {
      const auth = caller(request);
      if ('response' in auth) return auth.response;
      const schedule = schedules().get(auth.principal.uid) ?? null;
      return HttpResponse.json(serialize({ schedule }) as Record<string, unknown>);
    }),

    http.delete(`${apiUrl}/account/deletion`, ({ request }) => {
      const auth = caller(request);
      if ('response' in auth) return auth.response;
      const owner = auth.principal.uid;
      if (!schedules().delete(owner)) return apiError(404, 'not-found', DELETION_NOT_SCHEDULED);
      const name = db.data.assemblers.find((a) => a.uid === owner)?.name ?? '';
      tellAdmins(owner, `Exclusão da conta de ${name} cancelada`, `A exclusão da conta de ${name} no Ponte IIoT foi cancelada. Nada será apagado.`);
      db.save();
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
