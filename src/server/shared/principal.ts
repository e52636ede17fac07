/** Who is calling, once the token is verified and the person's account and role are known. */
import type { TeamRole } from '@/contracts/team-roles';

export interface Principal {
  /**
   * The account the caller acts on: the builder's uid (the `owner_uid` of its records). For a builder it is its
   * own uid; for a member of a builder's team, the builder's.
   */
  uid: string;
  /** The person signed in (the token's subject). */
  memberUid: string;
  /** The person's role in the account (a person who is nobody's member is the Administrador of its own). */
  role: TeamRole;
  email: string;
  /** The token's `admin` claim: staff. */
  admin: boolean;
  name: string | undefined;
  /** The token's `email_verified` claim: until it is true, no buying, inviting or connecting (shared/verified.ts). */
  emailVerified: boolean;
  /** When the person last signed in (the token's `auth_time`, seconds since the epoch): recent sign-in checks. */
  authTime: number;
}
