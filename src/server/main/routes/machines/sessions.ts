/**
 * A grant is fixed when it is approved (issue 34): a machine's LAN, services or gateway changing, or the machine
 * deleted, ends its open remote-access sessions (pending, approved, active) — each with its Histórico "Encerrado"
 * event — in the batch of the edit, each statement kept only while `when` holds (the edit took place).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { OPEN_STATUSES } from '@/contracts/remote-access';
import type { MachineService } from '@/contracts/machine-model';
import type { Db } from '../../../shared/app-env';
import { remoteAccessEvent, remoteAccessSession } from '../../db/remote-access-schema';

/** Who made the edit (Histórico's actor). */
export interface Editor {
  uid: string;
  name: string;
}

/** Which of the owner's sessions: those of a machine, or those through a gateway on a machine other than one. */
export type SessionScope = { machineId: string } | { deviceId: string; otherThan: string };

const openStatuses = sql.join(
  OPEN_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** The event (first: it reads the sessions still open) and the sessions' end, in this order. */
export function endSessions(db: Db, owner: string, scope: SessionScope, editor: Editor, reason: string, now: number, when: SQL): BatchItem<'sqlite'>[] {
  const s = remoteAccessSession;
  const which =
    'machineId' in scope ? sql`${s.machineId} = ${scope.machineId}` : sql`${s.deviceId} = ${scope.deviceId} AND ${s.machineId} <> ${scope.otherThan}`;
  const open = sql`${s.ownerUid} = ${owner} AND ${which} AND ${s.status} IN (${openStatuses}) AND ${when}`;
  // Columns in the table's order: id, owner_uid, session_id, kind, machine_id, machine_name, requester_uid,
  // requester_name, actor_uid, actor_name, reason, at. The id is derived (a session ends once).
  return [
    db.insert(remoteAccessEvent).select(
      sql`SELECT ${s.id} || ${`-ended-${now}`}, ${s.ownerUid}, ${s.id}, 'ended', ${s.machineId}, ${s.machineName},
        ${s.requesterUid}, ${s.requesterName}, ${editor.uid}, ${editor.name}, ${reason}, ${now} FROM ${s} WHERE ${open}`,
    ),
    db
      .update(s)
      .set({
        status: 'ended',
        endedByUid: editor.uid,
        endedByName: editor.name,
        endedAt: now,
        endReason: reason,
        handshakeDueAt: null,
        version: sql`${s.version} + 1`,
        updatedAt: sql`max(${now}, ${s.updatedAt} + 1)`,
      })
      .where(open),
  ];
}

/** The grant's part of services: which protocol on which port (a renamed service grants the same). */
function grantKey(services: ReadonlyArray<Pick<MachineService, 'protocol' | 'port'>>): string {
  return services
    .map((service) => `${service.protocol}/${service.port}`)
    .sort()
    .join(',');
}

/** Whether an edit changes what a session on the machine may reach: its LAN, its services' ports or its gateway. */
export function grantChanged(
  before: { lanSubnet: string; deviceId: string | null; services: ReadonlyArray<Pick<MachineService, 'protocol' | 'port'>> },
  after: { lanSubnet: string; deviceId: string | null; services: ReadonlyArray<Pick<MachineService, 'protocol' | 'port'>> },
): boolean {
  return (
    before.lanSubnet.trim() !== after.lanSubnet.trim() || before.deviceId !== after.deviceId || grantKey(before.services) !== grantKey(after.services)
  );
}
