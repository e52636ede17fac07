/**
 * Remote access (issue 25), as src/server/main/routes/remote-access answers it: the account's policy (GET/PUT, If-Match,
 * Administrador), a request on a machine (`POST /machine/:id/remote-access`, Idempotency-Key: approved at once or
 * pending by the policy; the person's open window on the machine replaced), approve / refuse (Administrador),
 * profile (the requester, with the public key: the window starts), end (Administrador any, Técnico his own), the
 * sessions' list and one session, and the events (Histórico). Every step writes its event.
 *
 * The demo seed has no remote-access data: it is kept beside the seed's data (store.ts: one store per database,
 * dropped with it), empty with the default policy. Histórico's filter options and the back office's "Sessões" are in
 * staff-handlers.ts.
 */
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  DEFAULT_REMOTE_ACCESS_POLICY,
  mayEndSession,
  OPEN_STATUSES,
  REMOTE_ACCESS_MESSAGES as M,
  remoteAccessEndSchema,
  remoteAccessEventListQuery,
  remoteAccessPolicyInputSchema,
  remoteAccessProfileInputSchema,
  remoteAccessRefuseSchema,
  remoteAccessRequestSchema,
  remoteAccessSessionListQuery,
  remoteAdminForbiddenMessage,
  requestOutcome,
  type RemoteAccessEventKind,
  autoApprovalReason,
  requestAnswerMessage,
} from '@/contracts/remote-access';
import { list, parseBody } from '@/testing/fake-api/collection';
import { apiError, authenticate, idempotent, invalidBody, notFound, readJson, serialize, timestamp, type HandlerContext } from '@/testing/fake-api/http';
import type { Principal } from '@/testing/fake-api/token';
import { askFactory, factoryApprover } from './factory-handlers';
import { machineTunnelSubnet } from '../machines/tunnel-subnets';
import { changeSession, eventJson, logEvent, remoteAccessStore, sessionJson, type PolicyRecord, type SessionRecord, type Store } from './store';

const HOUR = 60 * 60 * 1000;
export const DEMO_VPN_SERVER_PUBLIC_KEY = 'HG7cXbE3togXgynzrbeMzxaQrqp53KCxTlCpSTywoaM=';
export const VPN_ENDPOINT_HOST = 'vpn.ponteiiot.com.br';
export const VPN_ENDPOINT_PORT = 51820;

export { remoteAccessStore, type SessionRecord } from './store';

function policyOf(store: Store, owner: string): PolicyRecord {
  return store.policies.get(owner) ?? { ...DEFAULT_REMOTE_ACCESS_POLICY, version: 1, updatedAt: null };
}

function tunnelAddress(id: string): string {
  const n = Number(/(\d+)$/.exec(id)?.[1] ?? '0');
  return `10.86.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}

export function remoteAccessHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const store = () => remoteAccessStore(db.data);

  const personName = (principal: Principal): string => {
    if (principal.name?.trim()) return principal.name.trim();
    const member = db.data.teamMembers.find((m) => m.uid === principal.memberUid && m.accountUid === principal.uid);
    if (member) return member.name;
    return db.data.assemblers.find((a) => a.uid === principal.uid)?.name ?? principal.email;
  };

  const log = (session: SessionRecord, kind: RemoteAccessEventKind, actor: { uid: string | null; name: string } | null, reason: string, now: number) =>
    logEvent(store(), session, kind, actor, reason, now);
  const change = changeSession;

  /** Windows that ended are expired (each read and write settles them first). */
  const settle = (owner: string, now: number) => {
    for (const session of store().sessions) {
      if (session.ownerUid !== owner) continue;
      const over =
        (session.status === 'active' && session.windowEndsAt !== null && session.windowEndsAt <= now) ||
        ((session.status === 'pending' || session.status === 'approved') && session.createdAt + 24 * HOUR <= now);
      if (over) {
        change(session, 'expired', {}, now);
        log(session, 'expired', null, '', now);
      }
    }
  };

  const findSession = (principal: Principal, id: string) =>
    store().sessions.find((session) => session.id === id && session.ownerUid === principal.uid);

  const adminOnly = (principal: Principal) =>
    principal.role === 'administrador' ? null : apiError(403, 'role-forbidden', remoteAdminForbiddenMessage(principal.role));

  const respond = (session: SessionRecord, status = 200) => HttpResponse.json(serialize(sessionJson(session)) as Record<string, unknown>, { status });

  /** Reads the body against a contract schema: 400 with the first issue (and its field) when it does not fit. */
  async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<{ data: z.output<S> } | { response: Response }> {
    const body = await readJson(request);
    if (!body) return { response: invalidBody() };
    const parsed = parseBody(schema, body);
    return parsed.ok ? { data: parsed.data } : { response: parsed.response };
  }

  return [
    // ---- the policy ----
    http.get(`${apiUrl}/remote-access/policy`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return HttpResponse.json(serialize(policyOf(store(), auth.principal.uid)) as Record<string, unknown>);
    }),

    http.put(`${apiUrl}/remote-access/policy`, async ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const refused = adminOnly(auth.principal);
      if (refused) return refused;
      const current = policyOf(store(), auth.principal.uid);
      const header = request.headers.get('If-Match');
      if (header === null) return apiError(428, 'version-required', 'Informe a versão (If-Match) do registro que está sendo alterado.');
      if (Number(header) !== current.version) {
        return HttpResponse.json(
          { error: { code: 'version-conflict', message: 'Este registro foi alterado por outra pessoa.', current: serialize(current) } },
          { status: 409 },
        );
      }
      const parsed = await readBody(request, remoteAccessPolicyInputSchema);
      if ('response' in parsed) return parsed.response;
      const now = Math.max(Date.now(), (current.updatedAt ?? 0) + 1);
      const next: PolicyRecord = { ...parsed.data, version: current.version + 1, updatedAt: now };
      store().policies.set(auth.principal.uid, next);
      return HttpResponse.json(serialize(next) as Record<string, unknown>);
    }),

    // ---- the request ----
    http.post(`${apiUrl}/machine/:id/remote-access`, async ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const { principal } = auth;
      return idempotent(request, ctx, principal.uid, async () => {
        const now = Date.now();
        settle(principal.uid, now);
        const machine = db.data.machines.find((m) => m.id === String(params.id) && m.ownerUid === principal.uid);
        if (!machine) return notFound(M.machineNotFound);
        const parsed = await readBody(request, remoteAccessRequestSchema);
        if ('response' in parsed) return parsed.response;
        const input = parsed.data;
        const model = db.data.machineModels.find((m) => m.id === machine.modelId);
        const machineServices = machine.services ?? model?.services ?? [];
        if (!machine.deviceId) return apiError(409, 'no-gateway', M.noGateway);
        if (machine.lanSubnet.trim() === '') return apiError(409, 'no-lan-subnet', M.noLanSubnet);
        if (machineServices.length === 0) return apiError(409, 'no-services', M.noServices);
        const policy = policyOf(store(), principal.uid);
        if (input.durationHours > policy.maxDurationHours) {
          return apiError(422, 'duration-over-maximum', M.overMaximum(policy.maxDurationHours), { field: 'durationHours' });
        }
        const chosen = input.services && input.services.length > 0 ? input.services : null;
        for (const port of chosen ?? []) {
          if (!machineServices.some((service) => service.port === port)) {
            return apiError(422, 'unknown-service', M.unknownService(port), { field: 'services' });
          }
        }
        const outcome = requestOutcome(principal.role, policy);
        if (outcome === 'forbidden') return apiError(403, 'role-forbidden', 'Seu perfil não permite alterar dados.');
        const factory = factoryApprover(db, principal.uid, machine.customerId);
        if (factory && factory.email.trim() === '') return apiError(409, 'customer-no-email', M.customerNoEmail(factory.name));
        const status = outcome === 'approved' && !factory ? 'approved' : 'pending';
        const awaiting = status !== 'pending' ? null : outcome === 'pending' ? ('admin' as const) : ('factory' as const);
        const me = { uid: principal.memberUid, name: personName(principal) };
        const s = store();
        const previous = s.sessions.find(
          (session) =>
            session.ownerUid === principal.uid &&
            session.machineId === machine.id &&
            session.requesterUid === me.uid &&
            (OPEN_STATUSES as readonly string[]).includes(session.status),
        );
        s.next += 1;
        const id = `remote-access-${s.next}`;
        if (previous) {
          change(previous, 'ended', { endedByName: me.name, endedAt: now, endReason: M.replacedReason(id) }, now);
          log(previous, 'ended', me, M.replacedReason(id), now);
        }
        const session: SessionRecord = {
          id,
          ownerUid: principal.uid,
          machineId: machine.id,
          machineName: machine.name,
          customerName: machine.customerId ? (db.data.customers.find((c) => c.id === machine.customerId)?.name ?? null) : null,
          deviceId: machine.deviceId,
          requesterUid: me.uid,
          requesterName: me.name,
          requesterEmail: principal.email,
          reason: input.reason,
          durationHours: input.durationHours,
          services: machineServices
            .filter((service) => chosen === null || chosen.includes(service.port))
            .map(({ name, protocol, port }) => ({ name, protocol, port })),
          status,
          awaiting,
          lanSubnet: machine.lanSubnet,
          tunnelSubnet: machineTunnelSubnet(db.data, machine),
          tunnelAddress: tunnelAddress(id),
          windowStartsAt: null,
          windowEndsAt: null,
          decidedByName: status === 'approved' ? me.name : null,
          decidedAt: status === 'approved' ? now : null,
          refusalReason: null,
          endedByName: null,
          endedAt: null,
          endReason: null,
          lastHandshakeAt: null,
          bytesIn: 0,
          bytesOut: 0,
          wgPublicKey: null,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        s.sessions.push(session);
        log(session, 'requested', me, input.reason, now);
        if (awaiting === 'factory' && factory) askFactory(db, session, factory, now);
        if (status === 'approved') {
          const why = autoApprovalReason(principal.role);
          log(session, 'approved', me, why, now);
        }
        const message = requestAnswerMessage({ status, awaiting, factory, durationHours: input.durationHours, replaced: Boolean(previous) });
        return HttpResponse.json(
          {
            session: serialize(sessionJson(session)),
            replaced: previous ? { id: previous.id, status: 'ended' } : null,
            message,
          } as Record<string, unknown>,
          { status: 201 },
        );
      });
    }),

    // ---- decisions ----
    http.post(`${apiUrl}/remote-access/session/:id/approve`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const refused = adminOnly(auth.principal);
      if (refused) return refused;
      const now = Date.now();
      settle(auth.principal.uid, now);
      const session = findSession(auth.principal, String(params.id));
      if (!session) return notFound(M.sessionNotFound);
      if (session.status !== 'pending') return apiError(409, 'not-pending', M.notPending, { status: session.status });
      if (session.awaiting === 'factory') return apiError(409, 'awaiting-factory', M.awaitingFactory(session.customerName ?? ''), { status: session.status });
      const me = { uid: auth.principal.memberUid, name: personName(auth.principal) };
      const machine = db.data.machines.find((m) => m.id === session.machineId && m.ownerUid === auth.principal.uid);
      const factory = factoryApprover(db, auth.principal.uid, machine?.customerId ?? null);
      if (factory) {
        if (factory.email.trim() === '') return apiError(409, 'customer-no-email', M.customerNoEmail(factory.name));
        change(session, 'pending', { awaiting: 'factory', decidedByName: me.name, decidedAt: now }, now);
        log(session, 'approved', me, M.approvedThenFactory(factory.name), now);
        askFactory(db, session, factory, now);
        return respond(session);
      }
      change(session, 'approved', { awaiting: null, decidedByName: me.name, decidedAt: now }, now);
      log(session, 'approved', me, '', now);
      return respond(session);
    }),

    http.post(`${apiUrl}/remote-access/session/:id/refuse`, async ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const refused = adminOnly(auth.principal);
      if (refused) return refused;
      const parsed = await readBody(request, remoteAccessRefuseSchema);
      if ('response' in parsed) return parsed.response;
      const now = Date.now();
      settle(auth.principal.uid, now);
      const session = findSession(auth.principal, String(params.id));
      if (!session) return notFound(M.sessionNotFound);
      if (session.status !== 'pending') return apiError(409, 'not-pending', M.notPending, { status: session.status });
      const me = { uid: auth.principal.memberUid, name: personName(auth.principal) };
      change(session, 'refused', { decidedByName: me.name, decidedAt: now, refusalReason: parsed.data.reason }, now);
      log(session, 'refused', me, parsed.data.reason, now);
      return respond(session);
    }),

    // ---- the profile ----
    http.post(`${apiUrl}/remote-access/session/:id/profile`, async ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const parsed = await readBody(request, remoteAccessProfileInputSchema);
      if ('response' in parsed) return parsed.response;
      const now = Date.now();
      settle(auth.principal.uid, now);
      const session = findSession(auth.principal, String(params.id));
      if (!session) return notFound(M.sessionNotFound);
      if (session.requesterUid !== auth.principal.memberUid) return apiError(403, 'not-requester', M.notRequester);
      if (session.status === 'pending' || session.status === 'refused') return apiError(409, 'not-approved', M.notApproved, { status: session.status });
      if (session.status !== 'approved' && session.status !== 'active') return apiError(409, 'session-closed', M.notOpen, { status: session.status });
      const publicKey = parsed.data.publicKey;
      if (store().sessions.some((other) => other.id !== session.id && other.wgPublicKey === publicKey)) {
        return apiError(409, 'key-in-use', 'Esta chave pública já está em uso: gere um novo par de chaves.', { field: 'publicKey' });
      }
      const windowStart = session.status === 'approved' || session.windowStartsAt === null ? now : session.windowStartsAt;
      const windowEnd = session.windowEndsAt ?? windowStart + session.durationHours * HOUR;
      change(session, 'active', { wgPublicKey: publicKey, windowStartsAt: windowStart, windowEndsAt: windowEnd }, now);
      log(session, 'profile-downloaded', { uid: session.requesterUid, name: session.requesterName }, '', now);
      const fileName = `${
        session.machineName
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .replace(/[^A-Za-z0-9._-]+/g, '-')
          .replace(/^-+|-+$/g, '') || 'maquina'
      }.conf`;
      return HttpResponse.json(
        {
          session: serialize(sessionJson(session)),
          tunnelSubnet: session.tunnelSubnet ?? session.lanSubnet,
          lanSubnet: session.lanSubnet,
          interface: { address: `${session.tunnelAddress}/32` },
          peer: {
            publicKey: DEMO_VPN_SERVER_PUBLIC_KEY,
            endpointHost: VPN_ENDPOINT_HOST,
            endpointPort: VPN_ENDPOINT_PORT,
            allowedIps: [session.tunnelSubnet ?? session.lanSubnet],
            persistentKeepalive: 25,
          },
          services: session.services,
          validUntil: timestamp(windowEnd),
          fileName,
        } as Record<string, unknown>,
        { headers: { 'Cache-Control': 'no-store' } },
      );
    }),

    // ---- ending ----
    http.post(`${apiUrl}/remote-access/session/:id/end`, async ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const parsed = await readBody(request, remoteAccessEndSchema);
      if ('response' in parsed) return parsed.response;
      const now = Date.now();
      settle(auth.principal.uid, now);
      const session = findSession(auth.principal, String(params.id));
      if (!session) return notFound(M.sessionNotFound);
      if (!mayEndSession(auth.principal.role, session.requesterUid === auth.principal.memberUid)) {
        return apiError(403, 'role-forbidden', M.endOthersForbidden);
      }
      if (!(OPEN_STATUSES as readonly string[]).includes(session.status)) return apiError(409, 'session-closed', M.notOpen, { status: session.status });
      const me = { uid: auth.principal.memberUid, name: personName(auth.principal) };
      change(session, 'ended', { endedByName: me.name, endedAt: now, endReason: parsed.data.reason }, now);
      log(session, 'ended', me, parsed.data.reason, now);
      return respond(session);
    }),

    // ---- reads ----
    http.get(`${apiUrl}/remote-access/session`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      settle(auth.principal.uid, Date.now());
      const owner = auth.principal.uid;
      return list(store().sessions.filter((session) => session.ownerUid === owner), {
        query: remoteAccessSessionListQuery.parse(new URL(request.url).searchParams),
        searchFields: ['machineName', 'requesterName', 'reason'],
        filters: {
          status: (session, status) =>
            status === 'open' ? (OPEN_STATUSES as readonly string[]).includes(session.status) : session.status === status,
          machine: (session, machine) => session.machineId === machine,
          person: (session, person) => session.requesterUid === person,
        },
        sorts: { createdAt: (session) => session.createdAt, windowEndsAt: (session) => session.windowEndsAt ?? 0 },
        toJson: sessionJson,
      });
    }),

    http.get(`${apiUrl}/remote-access/session/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      settle(auth.principal.uid, Date.now());
      const session = findSession(auth.principal, String(params.id));
      return session ? respond(session) : notFound(M.sessionNotFound);
    }),

    http.get(`${apiUrl}/remote-access/event`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      settle(auth.principal.uid, Date.now());
      const owner = auth.principal.uid;
      return list(store().events.filter((event) => event.ownerUid === owner), {
        query: remoteAccessEventListQuery.parse(new URL(request.url).searchParams),
        searchFields: ['machineName', 'requesterName', 'reason'],
        filters: {
          machine: (event, machine) => event.machineId === machine,
          person: (event, person) => event.requesterUid === person,
          kind: (event, kind) => event.kind === kind,
          days: (event, days) => event.occurredAt >= Date.now() - Number(days) * 24 * HOUR,
        },
        // Ties (a request approved at once) newest first, as the server orders them: time, then id.
        sorts: { occurredAt: (event) => `${String(event.occurredAt).padStart(15, '0')}|${event.id}` },
        toJson: eventJson,
      });
    }),
  ];
}
