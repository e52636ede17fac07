/**
 * Remote access (issue 25): a builder's engineer connects to one machine, for a reason and a time.
 *
 * - `GET|PUT /remote-access/policy`: the account's policy (everyone reads; an Administrador sets it, If-Match).
 * - `POST /machine/{id}/remote-access` (Idempotency-Key): a request. Administrador → approved at once; Técnico →
 *   approved unless the policy requires approval (then pending); Leitura 403. The person's open window on the
 *   machine (pending, approved or active) is ended and replaced in the same batch — the answer says so.
 * - The factory's approval: a machine whose customer has "Exigir aprovação da fábrica" stays pending until the
 *   factory approves by the link e-mailed to the customer (factory.ts, factory-routes.ts) — after an Administrador's
 *   approval when the policy asks one (`awaiting`: 'admin', then 'factory'), whoever asked.
 * - `POST /remote-access/session/{id}/approve|refuse` (Administrador), `/profile` (the requester, with the public
 *   key his browser made: the window starts now — profile-routes.ts), `/end` (Administrador any, Técnico his own; the node drops the
 *   peer at once: `GET /vpn-node/{id}/peers` lists active, unexpired sessions only).
 * - `GET /remote-access/session` (Ativos: `status=active`; Solicitações: `status=pending`), `GET
 *   /remote-access/session/{id}`, `GET /remote-access/event` (Histórico).
 * Every step writes an event, in the batch that makes the change (steps.ts). The reads and the policy are in read-routes.ts.
 * Issue 34: the grant (the machine's tunnel subnet, LAN and chosen services) is copied into the session whenever it
 * becomes approved — here at the request or the Administrador's approval, in factory-routes.ts at the factory's
 * (grant.ts); a session's tunnel address is never shared by two open sessions.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  mayEndSession,
  OPEN_STATUSES,
  REMOTE_ACCESS_MESSAGES as M,
  remoteAccessEndSchema,
  remoteAccessRefuseSchema,
  remoteAccessRequestSchema,
  requestOutcome,
  type RemoteAccessStatus,
  autoApprovalReason,
  requestAnswerMessage,
} from '@/contracts/remote-access';
import { roleForbiddenMessage } from '@/contracts/team-roles';
import { apiRoute, type App } from '../../../shared/app';
import { demoMode } from '../../../demo/mode';
import { ApiError, conflict, notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { errors, errorsOf, idempotencyHeaders, idParams, json, jsonBody } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { remoteAccessAddress } from '../../../vpn/routes/network';
import { remoteAccessEvent as remoteAccessEventTable, remoteAccessSession } from '../../db/remote-access-schema';
import { accountNameOf } from '../account/queries';
import { findMachine } from '../machines/queries';
import { askFactory, factoryApprover } from './factory';
import { dispatchMail, type MailMessage } from '../../mail/outbox';
import { grantAtApproval, grantFrom } from './grant';
import { alertAfterAnswer } from '../../alerts/after-answer';
import { raiseApprovalPending } from '../../alerts/events';
import { profileRoutes } from './profile-routes';
import { sessionIs, sessionOr404, settled, step, type Statement } from './steps';
import {
  eventRow,
  openSession,
  personName,
  readPolicy,
  sessionJson,
  tunnelAddressInUse,
  type SessionRow,
} from './queries';
import {
  remoteAccessRequestAnswerSchema,
  remoteAccessSessionSchema,
} from './schemas';

const TAG = 'Acesso remoto';

export function remoteAccessRoutes(app: App) {
  // ---- the request ----

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'post',
      path: '/machine/{id}/remote-access',
      tags: [TAG],
      summary: 'Pede acesso remoto a uma máquina ("Conectar"; Idempotency-Key)',
      description:
        'Administrador: aprovado na hora; Técnico: aprovado, ou aguardando aprovação se a política exigir. Uma ' +
        'janela aberta da mesma pessoa na mesma máquina é encerrada e substituída (`replaced`). Aprovado (na hora ou ' +
        'depois), o acesso fixa a sub-rede do túnel, a rede e os serviços da máquina naquele momento. 409: máquina ' +
        'sem gateway, sem "Sub-rede (CIDR)", sem sub-rede do túnel ou sem serviços, ou endereço no túnel em uso; ' +
        '422: duração acima da máxima da conta ou serviço que a máquina não tem.',
      request: { params: idParams, headers: idempotencyHeaders, ...jsonBody(remoteAccessRequestSchema) },
      responses: {
        201: json(remoteAccessRequestAnswerSchema, 'A solicitação (aprovada ou aguardando).'),
        ...errorsOf([401, 403, 404, 409]),
        422: json(errors[422].content['application/json'].schema, 'Duração acima da máxima, serviço inexistente ou chave de idempotência reutilizada.'),
      },
    }),
    async (c) => {
      // The factory's e-mail, queued once the request's batch is written (outbox.ts).
      const asked: MailMessage[] = [];
      const answer = await idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db, principal } = c.var;
        const owner = principal.uid;
        const now = Date.now();
        await settled(c, now);
        const target = await findMachine(db, owner, c.req.valid('param').id);
        if (!target) throw notFound(M.machineNotFound);
        if (!target.deviceId) throw conflict('no-gateway', M.noGateway);
        if (target.lanSubnet.trim() === '') throw conflict('no-lan-subnet', M.noLanSubnet);
        if (!target.tunnelSubnet) throw conflict('no-tunnel', M.noTunnel);
        if (target.services.length === 0) throw conflict('no-services', M.noServices);
        const policy = await readPolicy(db, owner);
        if (input.durationHours > policy.maxDurationHours) {
          throw new ApiError(422, 'duration-over-maximum', M.overMaximum(policy.maxDurationHours), { field: 'durationHours' });
        }
        const chosenPorts = input.services && input.services.length > 0 ? input.services : null;
        for (const port of chosenPorts ?? []) {
          if (!target.services.some((service) => service.port === port)) {
            throw new ApiError(422, 'unknown-service', M.unknownService(port), { field: 'services' });
          }
        }
        // The grant as the machine is now (fixed here when approved at once; else copied again at the approval).
        const grant = grantFrom(target, chosenPorts);
        const outcome = requestOutcome(principal.role, policy);
        // The route's access (edit) already refuses Leitura; kept so the table stays the one rule.
        if (outcome === 'forbidden') throw new ApiError(403, 'role-forbidden', roleForbiddenMessage(principal.role, 'edit'));
        // The factory approves after the account (its Administrador, when the policy asks one), whoever asked.
        const factory = await factoryApprover(db, owner, target.customerId);
        if (factory && factory.email === '') throw conflict('customer-no-email', M.customerNoEmail(factory.name));
        const status: RemoteAccessStatus = outcome === 'approved' && !factory ? 'approved' : 'pending';
        const awaiting = status !== 'pending' ? null : outcome === 'pending' ? ('admin' as const) : ('factory' as const);
        const me = { uid: principal.memberUid, name: await personName(db, principal) };
        const previous = await openSession(db, owner, target.id, principal.memberUid);
        const id = await nextId(db, 'remote-access');
        const tunnelAddress = remoteAccessAddress(id);
        // Derived from the id: another open session on the same address is 65 024 requests away — refused, never shared.
        if (await tunnelAddressInUse(db, tunnelAddress, id)) throw conflict('tunnel-address-in-use', M.tunnelAddressInUse);
        const row: SessionRow = {
          id,
          ownerUid: owner,
          machineId: target.id,
          machineName: target.name,
          deviceId: target.deviceId,
          requesterUid: me.uid,
          requesterName: me.name,
          requesterEmail: principal.email,
          reason: input.reason,
          durationHours: input.durationHours,
          services: grant.services,
          lanSubnet: grant.lanSubnet,
          tunnelSubnet: status === 'approved' ? grant.tunnelSubnet : null,
          status,
          awaiting,
          windowStart: null,
          windowEnd: null,
          wgPublicKey: null,
          tunnelAddress,
          decidedByUid: status === 'approved' ? me.uid : null,
          decidedByName: status === 'approved' ? me.name : null,
          decidedAt: status === 'approved' ? now : null,
          refusalReason: null,
          endedByUid: null,
          endedByName: null,
          endedAt: null,
          endReason: null,
          handshakeDueAt: null,
          lastHandshakeAt: null,
          bytesIn: 0,
          bytesOut: 0,
          bytesAt: null,
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        const writes: Statement[] = [];
        if (previous) {
          // Replaced in the same batch: the unique index allows one open window per person and machine.
          writes.push(
            db
              .update(remoteAccessSession)
              .set({
                status: 'ended',
                endedByUid: me.uid,
                endedByName: me.name,
                endedAt: now,
                endReason: M.replacedReason(id),
                handshakeDueAt: null,
                version: sql`${remoteAccessSession.version} + 1`,
                updatedAt: Math.max(now, previous.updatedAt + 1),
              })
              .where(and(eq(remoteAccessSession.ownerUid, owner), eq(remoteAccessSession.id, previous.id))),
            db.insert(remoteAccessEventTable).values(eventRow(await nextId(db, 'remote-access-event'), previous, 'ended', me, M.replacedReason(id), now)),
          );
        }
        writes.push(
          db.insert(remoteAccessSession).values(row),
          db.insert(remoteAccessEventTable).values(eventRow(await nextId(db, 'remote-access-event'), row, 'requested', me, input.reason, now)),
        );
        if (awaiting === 'factory' && factory) {
          const ask = await askFactory(db, row, factory, await accountNameOf(db, owner), now, demoMode(c.env).keepsMailLinks);
          writes.push(...ask.writes);
          asked.push(ask.message);
        }
        if (status === 'approved') {
          const why = autoApprovalReason(principal.role);
          writes.push(db.insert(remoteAccessEventTable).values(eventRow(await nextId(db, 'remote-access-event'), row, 'approved', me, why, now)));
        }
        // "Aprovação pendente" to the account, once the request is written (src/server/main/alerts/).
        if (awaiting) alertAfterAnswer(c, 'approval-pending', () => raiseApprovalPending(c.env, db, row, awaiting));
        const customerName = target.customerName;
        const message = requestAnswerMessage({ status, awaiting, factory, durationHours: input.durationHours, replaced: Boolean(previous) });
        const body = {
          session: serialize(sessionJson(row, customerName)),
          replaced: previous ? { id: previous.id, status: previous.status } : null,
          message,
        };
        return { status: 201, body, writes };
      });
      await dispatchMail(c.env, asked);
      return answer;
    },
  );

  // ---- decisions ----

  app.openapi(
    apiRoute({
      access: 'remote-admin',
      method: 'post',
      path: '/remote-access/session/{id}/approve',
      tags: [TAG],
      summary: 'Aprova uma solicitação (Administrador)',
      request: { params: idParams },
      responses: { 200: json(remoteAccessSessionSchema, 'Aprovada.'), ...errorsOf([401, 403, 404, 409]) },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const owner = principal.uid;
      const now = Date.now();
      await settled(c, now);
      const { row, json: current } = await sessionOr404(db, owner, c.req.valid('param').id);
      if (row.status !== 'pending') throw conflict('not-pending', M.notPending, { status: row.status });
      if (row.awaiting === 'factory') throw conflict('awaiting-factory', M.awaitingFactory(current.customerName ?? ''), { status: row.status });
      const me = { uid: principal.memberUid, name: await personName(db, principal) };
      const decided = { decidedByUid: me.uid, decidedByName: me.name, decidedAt: now };
      // The machine's customer requires the factory's approval: the Administrador's is the first of two.
      const target = await findMachine(db, owner, row.machineId);
      const factory = target ? await factoryApprover(db, owner, target.customerId) : null;
      if (factory) {
        if (factory.email === '') throw conflict('customer-no-email', M.customerNoEmail(factory.name));
        const builderName = await accountNameOf(db, owner);
        const asked = await askFactory(db, row, factory, builderName, now, demoMode(c.env).keepsMailLinks, sessionIs(owner, row.id, row.version + 1, 'pending'));
        const json = await step(
          db, owner, row, ['pending'], 'pending', { ...decided, awaiting: 'factory' }, 'approved', me, M.approvedThenFactory(factory.name), now, asked.writes,
        );
        alertAfterAnswer(c, 'approval-pending', () => raiseApprovalPending(c.env, db, row, 'factory'));
        // The step took place (else it threw): its e-mail leaves.
        await dispatchMail(c.env, [asked.message]);
        return c.json(serialize(json) as never, 200);
      }
      // Approved: the grant is fixed now (the machine's tunnel subnet, LAN and the chosen services as they are).
      const grant = await grantAtApproval(db, owner, row);
      const json = await step(db, owner, row, ['pending'], 'approved', { ...decided, ...grant, awaiting: null }, 'approved', me, '', now);
      return c.json(serialize(json) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'remote-admin',
      method: 'post',
      path: '/remote-access/session/{id}/refuse',
      tags: [TAG],
      summary: 'Recusa uma solicitação, com o motivo (Administrador)',
      request: { params: idParams, ...jsonBody(remoteAccessRefuseSchema) },
      responses: { 200: json(remoteAccessSessionSchema, 'Recusada.'), ...errorsOf([401, 403, 404, 409]) },
    }),
    async (c) => {
      const { reason } = c.req.valid('json');
      const { db, principal } = c.var;
      const owner = principal.uid;
      const now = Date.now();
      await settled(c, now);
      const { row } = await sessionOr404(db, owner, c.req.valid('param').id);
      if (row.status !== 'pending') throw conflict('not-pending', M.notPending, { status: row.status });
      const me = { uid: principal.memberUid, name: await personName(db, principal) };
      const json = await step(
        db, owner, row, ['pending'], 'refused',
        { decidedByUid: me.uid, decidedByName: me.name, decidedAt: now, refusalReason: reason, awaiting: null },
        'refused', me, reason, now,
      );
      return c.json(serialize(json) as never, 200);
    },
  );

  profileRoutes(app);

  // ---- ending ----

  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'post',
      path: '/remote-access/session/{id}/end',
      tags: [TAG],
      summary: 'Encerra uma sessão ou solicitação (Administrador: qualquer; Técnico: as próprias)',
      description: 'O par sai da lista do nó na hora (`GET /vpn-node/{id}/peers`).',
      request: { params: idParams, ...jsonBody(remoteAccessEndSchema) },
      responses: { 200: json(remoteAccessSessionSchema, 'Encerrada.'), ...errorsOf([401, 403, 404, 409]) },
    }),
    async (c) => {
      const { reason } = c.req.valid('json');
      const { db, principal } = c.var;
      const owner = principal.uid;
      const now = Date.now();
      await settled(c, now);
      const { row } = await sessionOr404(db, owner, c.req.valid('param').id);
      if (!mayEndSession(principal.role, row.requesterUid === principal.memberUid)) throw new ApiError(403, 'role-forbidden', M.endOthersForbidden);
      if (!(OPEN_STATUSES as readonly string[]).includes(row.status)) throw conflict('session-closed', M.notOpen, { status: row.status });
      const me = { uid: principal.memberUid, name: await personName(db, principal) };
      const json = await step(
        db, owner, row, OPEN_STATUSES, 'ended',
        { endedByUid: me.uid, endedByName: me.name, endedAt: now, endReason: reason, handshakeDueAt: null },
        'ended', me, reason, now,
      );
      return c.json(serialize(json) as never, 200);
    },
  );
}
