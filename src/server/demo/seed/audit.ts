/**
 * The demo's audit log (issue 37, item 5): a few entries of the demo builder's account, so Configurações → "Registro
 * de auditoria" is not empty — a member's role changed, an invitation sent, the remote-access policy, a customer's
 * factory approval, a machine's network and services, a gateway renamed — by its people, from documentation
 * addresses (RFC 5737), in the last weeks. Nothing secret, as every entry.
 */
import { DEMO_CUSTOMER_UID } from '@/seed';
import type { DemoData } from '@/seed/data';
import type { AuditKind, AuditTargetKind } from '@/contracts/audit';
import { auditLog } from '../../main/db/audit-schema';
import { serviceText } from '../../main/audit/fields';
import type { SeedContext } from './index';
import { seedTable, type SeedTable } from './types';

const HOUR = 60 * 60_000;

interface Entry {
  hoursAgo: number;
  actor: { uid: string; name: string; email: string };
  ip: string;
  kind: AuditKind;
  target: { kind: AuditTargetKind; id: string; label: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export function auditSeed(data: DemoData, { now }: SeedContext): SeedTable[] {
  const owner = DEMO_CUSTOMER_UID;
  const people = data.teamMembers.filter((member) => member.accountUid === owner);
  const titular = people.find((member) => member.uid === owner) ?? people[0];
  if (!titular) return [seedTable(auditLog, [])];
  const actor = { uid: titular.uid, name: titular.name, email: titular.email };
  const other = people.find((member) => member.uid !== owner && member.role !== 'administrador');
  const customers = data.customers.filter((item) => item.ownerUid === owner);
  const customer = customers.find((item) => item.requireFactoryApproval) ?? customers[0];
  const machine = data.machines.find((item) => item.ownerUid === owner && item.lanSubnet);
  const device = data.devices.find((item) => item.ownerUid === owner);
  const invitation = data.invitations.find((item) => item.accountUid === owner);

  const entries: Entry[] = [
    { hoursAgo: 2, actor, ip: '203.0.113.24', kind: 'policy.remote-access', target: { kind: 'policy', id: 'remote-access', label: 'Acesso remoto' }, before: { maxDurationHours: 8 }, after: { maxDurationHours: 24 } },
  ];
  if (other) {
    entries.push({ hoursAgo: 26, actor, ip: '203.0.113.24', kind: 'team.role', target: { kind: 'member', id: other.uid, label: other.name }, before: { role: 'leitura' }, after: { role: other.role } });
  }
  if (invitation) {
    entries.push({ hoursAgo: 50, actor, ip: '198.51.100.7', kind: 'team.invite', target: { kind: 'invitation', id: invitation.id, label: invitation.email }, before: null, after: { email: invitation.email, role: invitation.role } });
  }
  if (customer) {
    entries.push({ hoursAgo: 75, actor, ip: '198.51.100.7', kind: 'customer.approval', target: { kind: 'customer', id: customer.id, label: customer.name }, before: { requireFactoryApproval: !customer.requireFactoryApproval }, after: { requireFactoryApproval: customer.requireFactoryApproval } });
  }
  if (machine) {
    const services = (machine.services ?? []).map(serviceText);
    entries.push(
      { hoursAgo: 120, actor: other ? { uid: other.uid, name: other.name, email: other.email } : actor, ip: '192.0.2.15', kind: 'machine.network', target: { kind: 'machine', id: machine.id, label: machine.name }, before: { lanSubnet: '' }, after: { lanSubnet: machine.lanSubnet } },
      { hoursAgo: 121, actor, ip: '192.0.2.15', kind: 'machine.services', target: { kind: 'machine', id: machine.id, label: machine.name }, before: { services: services.slice(0, 1) }, after: { services } },
    );
  }
  if (device) {
    entries.push({ hoursAgo: 240, actor, ip: '203.0.113.24', kind: 'gateway.update', target: { kind: 'gateway', id: device.id, label: device.name }, before: { name: `Gateway ${device.serialNumber}` }, after: { name: device.name } });
  }

  return [
    seedTable(
      auditLog,
      entries.map((entry, index) => ({
        id: 1001 + index,
        ownerUid: owner,
        actorUid: entry.actor.uid,
        actorName: entry.actor.name,
        actorEmail: entry.actor.email,
        actorStaff: 0,
        ip: entry.ip,
        kind: entry.kind,
        targetKind: entry.target.kind,
        targetId: entry.target.id,
        targetLabel: entry.target.label,
        beforeJson: entry.before ? JSON.stringify(entry.before) : null,
        afterJson: entry.after ? JSON.stringify(entry.after) : null,
        createdAt: now - entry.hoursAgo * HOUR,
      })),
    ),
  ];
}
