/**
 * Who acts on which account: a member's requests work on its builder's data. Anyone who is nobody's member (a
 * builder, or an identity that registered nothing yet) is the Administrador of its own account.
 */
import type { TeamRole } from '@/contracts/team';
import type { DemoData } from '@/testing/fake-api/db';

export interface Membership {
  accountUid: string;
  role: TeamRole;
}

export function membershipOf(data: Pick<DemoData, 'teamMembers'>, uid: string): Membership {
  const member = data.teamMembers.find((m) => m.uid === uid);
  return member ? { accountUid: member.accountUid, role: member.role } : { accountUid: uid, role: 'administrador' };
}
