/**
 * Remote access's records in the unit tests' API (one store per database, kept beside the seed's data and dropped
 * with it) and the steps every handler shares: a session's answer, its events, its changes.
 */
import type { FactoryDecision } from '@/contracts/factory-approval';
import type {
  RemoteAccessAwaiting,
  RemoteAccessDuration,
  RemoteAccessEventKind,
  RemoteAccessService,
  RemoteAccessStatus,
} from '@/contracts/remote-access';
import type { DemoData } from '@/testing/fake-api/db';

export interface PolicyRecord {
  requireApproval: boolean;
  maxDurationHours: RemoteAccessDuration;
  version: number;
  updatedAt: number | null;
}

export interface SessionRecord {
  id: string;
  ownerUid: string;
  machineId: string;
  machineName: string;
  customerName: string | null;
  deviceId: string;
  requesterUid: string;
  requesterName: string;
  requesterEmail: string;
  reason: string;
  durationHours: RemoteAccessDuration;
  services: RemoteAccessService[];
  status: RemoteAccessStatus;
  /** `pending`: an Administrador's approval or the factory's (its link). */
  awaiting: RemoteAccessAwaiting | null;
  lanSubnet: string;
  /** The machine's tunnel subnet when asked (the grant: answered once approved). */
  tunnelSubnet: string | null;
  tunnelAddress: string;
  windowStartsAt: number | null;
  windowEndsAt: number | null;
  decidedByName: string | null;
  decidedAt: number | null;
  refusalReason: string | null;
  endedByName: string | null;
  endedAt: number | null;
  endReason: string | null;
  lastHandshakeAt: number | null;
  bytesIn: number;
  bytesOut: number;
  wgPublicKey: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface EventRecord {
  id: string;
  ownerUid: string;
  sessionId: string;
  kind: RemoteAccessEventKind;
  machineId: string;
  machineName: string;
  requesterUid: string;
  requesterName: string;
  actorUid: string | null;
  actorName: string | null;
  reason: string;
  occurredAt: number;
}

/** A factory's approval link (the Workers keep its token's SHA-256; the unit tests' API keeps the token). */
export interface FactoryLinkRecord {
  token: string;
  ownerUid: string;
  sessionId: string;
  customerName: string;
  customerEmail: string;
  expiresAt: number;
  usedAt: number | null;
  decision: FactoryDecision | null;
}

export interface Store {
  policies: Map<string, PolicyRecord>;
  sessions: SessionRecord[];
  events: EventRecord[];
  factoryLinks: FactoryLinkRecord[];
  next: number;
}

const stores = new WeakMap<DemoData, Store>();

/** The remote-access data of this database (created empty on first use). */
export function remoteAccessStore(data: DemoData): Store {
  let store = stores.get(data);
  if (!store) {
    store = { policies: new Map(), sessions: [], events: [], factoryLinks: [], next: 1000 };
    stores.set(data, store);
  }
  return store;
}

export const sessionJson = ({ ownerUid: _owner, wgPublicKey: _key, ...session }: SessionRecord) => ({
  ...session,
  awaiting: session.status === 'pending' ? (session.awaiting ?? 'admin') : null,
  // Fixed when approved: null before (and for a refused request).
  tunnelSubnet: session.decidedAt !== null && session.status !== 'refused' ? session.tunnelSubnet : null,
});
export const eventJson = ({ ownerUid: _owner, ...event }: EventRecord) => event;

/** A session's event (every step writes one). */
export function logEvent(
  s: Store,
  session: SessionRecord,
  kind: RemoteAccessEventKind,
  actor: { uid: string | null; name: string } | null,
  reason: string,
  now: number,
): void {
  s.next += 1;
  s.events.push({
    id: `remote-access-event-${s.next}`,
    ownerUid: session.ownerUid,
    sessionId: session.id,
    kind,
    machineId: session.machineId,
    machineName: session.machineName,
    requesterUid: session.requesterUid,
    requesterName: session.requesterName,
    actorUid: actor?.uid ?? null,
    actorName: actor?.name ?? null,
    reason,
    occurredAt: now,
  });
}

/**
 * A customer's factory approval changed (an Administrador's edit of "Exigir aprovação da fábrica" or the e-mail):
 * Histórico's `factory-approval-changed`, of no session, machine or requester (the reason names the customer).
 */
export function logFactoryApprovalEvent(s: Store, ownerUid: string, actor: { uid: string; name: string }, reason: string, now: number): void {
  s.next += 1;
  s.events.push({
    id: `remote-access-event-${s.next}`,
    ownerUid,
    sessionId: '',
    kind: 'factory-approval-changed',
    machineId: '',
    machineName: '',
    requesterUid: '',
    requesterName: '',
    actorUid: actor.uid,
    actorName: actor.name,
    reason,
    occurredAt: now,
  });
}

/** A session's step: its status and fields, a new version. */
export function changeSession(session: SessionRecord, to: RemoteAccessStatus, set: Partial<SessionRecord>, now: number): void {
  Object.assign(session, set, { status: to, version: session.version + 1, updatedAt: Math.max(now, session.updatedAt + 1) });
}
