/**
 * Remote access's other reads, as src/server/main/routes/remote-access answers them: Histórico's filter options
 * (`GET /remote-access/filter-options`) and the back office's "Sessões" (staff: every builder's active sessions,
 * `POST …/end` with a reason, the staff member as the event's actor).
 */
import { http, HttpResponse } from 'msw';
import {
  backofficeRemoteAccessEndSchema,
  backofficeRemoteAccessSessionListQuery,
  OPEN_STATUSES,
  REMOTE_ACCESS_MESSAGES as M,
} from '@/contracts/remote-access';
import { list, parseBody } from '@/testing/fake-api/collection';
import { adminOnly, apiError, authenticate, invalidBody, notFound, readJson, serialize, type HandlerContext } from '@/testing/fake-api/http';
import { changeSession, logEvent, remoteAccessStore, sessionJson, type SessionRecord } from './store';

/** Each value once, the name of its newest session, by name. */
function optionsOf(sessions: SessionRecord[], value: (s: SessionRecord) => string, label: (s: SessionRecord) => string) {
  const byValue = new Map<string, { value: string; label: string; at: number }>();
  for (const session of sessions) {
    const known = byValue.get(value(session));
    if (!known || known.at < session.createdAt) byValue.set(value(session), { value: value(session), label: label(session), at: session.createdAt });
  }
  return [...byValue.values()]
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR') || a.value.localeCompare(b.value))
    .map(({ value: v, label: l }) => ({ value: v, label: l }));
}

export function remoteAccessStaffHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  const store = () => remoteAccessStore(db.data);
  const ownerName = (uid: string) => db.data.assemblers.find((assembler) => assembler.uid === uid)?.name ?? '';

  return [
    http.get(`${apiUrl}/remote-access/filter-options`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const mine = store().sessions.filter((session) => session.ownerUid === auth.principal.uid);
      return HttpResponse.json({
        people: optionsOf(mine, (s) => s.requesterUid, (s) => s.requesterName),
        machines: optionsOf(mine, (s) => s.machineId, (s) => s.machineName),
      });
    }),

    http.get(
      `${apiUrl}/backoffice/remote-access/session`,
      adminOnly(ctx, ({ request }) => {
        const now = Date.now();
        const active = store().sessions.filter((session) => session.status === 'active' && (session.windowEndsAt ?? 0) > now);
        const withOwner = active.map((session) => ({ ...session, ownerName: ownerName(session.ownerUid) }));
        return list(withOwner, {
          query: backofficeRemoteAccessSessionListQuery.parse(new URL(request.url).searchParams),
          searchFields: ['ownerName', 'requesterName', 'machineName'],
          sorts: { windowEndsAt: (session) => session.windowEndsAt ?? 0, createdAt: (session) => session.createdAt },
          toJson: ({ ownerName: owner, ...session }) => ({ ...sessionJson(session), ownerName: owner }),
        });
      }),
    ),

    http.post(
      `${apiUrl}/backoffice/remote-access/session/:id/end`,
      adminOnly(ctx, async ({ request, params, principal }) => {
        const body = await readJson(request);
        if (!body) return invalidBody();
        const parsed = parseBody(backofficeRemoteAccessEndSchema, body);
        if (!parsed.ok) return parsed.response;
        const session = store().sessions.find((candidate) => candidate.id === String(params.id));
        if (!session) return notFound(M.sessionNotFound);
        if (!(OPEN_STATUSES as readonly string[]).includes(session.status)) return apiError(409, 'session-closed', M.notOpen, { status: session.status });
        const now = Date.now();
        const me = { uid: principal.memberUid, name: `${principal.name?.trim() || principal.email} (suporte Ponte IIoT)` };
        changeSession(session, 'ended', { endedByName: me.name, endedAt: now, endReason: parsed.data.reason }, now);
        logEvent(store(), session, 'ended', me, parsed.data.reason, now);
        return HttpResponse.json(serialize(sessionJson(session)) as Record<string, unknown>);
      }),
    ),
  ];
}
