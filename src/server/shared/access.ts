/**
 * Authorisation in one place: every route declares what it does (its `access`), and this table says who may.
 * The route's guard verifies the token, resolves the caller's account and role, then applies the table — no
 * handler checks a role itself. A route's access is also written in the OpenAPI document (`x-access`).
 *
 * | access    | who                                                                                   |
 * |-----------|---------------------------------------------------------------------------------------|
 * | public    | anyone, no token (newsletter, an invitation's preview, the payment webhook: HMAC)     |
 * | self      | anyone signed in, on their own profile (GET/PATCH /me, POST /assembler, accepting)    |
 * | read      | every role of the account (what it reads is the account's)                            |
 * | edit      | Administrador and Técnico (fleet, connections, gateways' configuration downloads)     |
 * | purchase  | Administrador (orders, payments, delivery addresses)                                  |
 * | team      | Administrador (the team's changes, invitations' links, the demo mailbox)               |
 * | team-read | the Equipe screen: Administrador and Leitura (who sees everything); Técnico has none  |
 * | remote-admin | Administrador: remote access's policy, approvals and refusals (src/contracts/remote-access.ts) |
 * | staff     | the `admin` claim (back office, VPN API)                                              |
 */
import type { MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import { ACCOUNT_DELETED_CODE, ACCOUNT_DELETED_MESSAGE } from '@/contracts/account-deleted';
import { remoteAdminForbiddenMessage } from '@/contracts/remote-access';
import { roleCan, roleForbiddenMessage } from '@/contracts/team-roles';
import type { AppEnv, Db } from './app-env';
import { assembler, teamMember } from './db/core-schema';
import { staffRevocation } from './db/staff-schema';
import type { Env } from './env';
import { ApiError, staffOnly, unauthenticated } from './errors';
import type { Principal } from './principal';
import { verifyIdToken, type KeySource } from './token';

export const ACCESS_KINDS = ['public', 'self', 'read', 'edit', 'purchase', 'team', 'team-read', 'remote-admin', 'staff'] as const;
export type Access = (typeof ACCESS_KINDS)[number];

/** Tests swap Google's keys for their own. */
let keySource: KeySource | undefined;
export function useKeySource(source: KeySource | undefined): void {
  keySource = source;
}

/** Every request of the people of a deleted account (LGPD: "Excluir conta"), whatever its route: 403. */
export const accountDeleted = () => new ApiError(403, ACCOUNT_DELETED_CODE, ACCOUNT_DELETED_MESSAGE);

/**
 * The caller of a request with a bearer token: 401 (pt-BR) without a valid one; 403 `account-deleted` when the
 * account it acts on (its team's, else its own) was deleted — one statement, as before the deletion existed.
 */
export async function authenticate(request: Request, env: Env, db: Db): Promise<Principal> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
  if (!match?.[1]) throw unauthenticated();
  const result = await verifyIdToken(match[1], {
    projectId: env.FIREBASE_PROJECT_ID,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    keys: keySource,
  });
  if (!result.ok) throw unauthenticated();
  const { identity } = result;
  const [member] = await db.all<{ accountUid: string | null; role: Principal['role'] | null; deletedAt: number | null; revokedAt: number | null }>(sql`
    SELECT ${teamMember.accountUid} AS accountUid, ${teamMember.role} AS role, ${assembler.deletedAt} AS deletedAt,
      ${staffRevocation.revokedAt} AS revokedAt
    FROM (SELECT ${identity.uid} AS uid) AS me
    LEFT JOIN ${teamMember} ON ${teamMember.uid} = me.uid
    LEFT JOIN ${assembler} ON ${assembler.uid} = coalesce(${teamMember.accountUid}, me.uid)
    LEFT JOIN ${staffRevocation} ON ${staffRevocation.uid} = me.uid
    LIMIT 1`);
  // "Revogar acesso" (issue 38): a token from a sign-in before the revocation is refused at once (0024).
  if (member?.revokedAt != null && identity.authTime * 1000 < member.revokedAt) throw unauthenticated();
  if (member?.deletedAt != null) throw accountDeleted();
  return {
    uid: member?.accountUid ?? identity.uid,
    memberUid: identity.uid,
    role: member?.role ?? 'administrador',
    email: identity.email,
    admin: identity.admin,
    name: identity.name,
    emailVerified: identity.emailVerified,
    authTime: identity.authTime,
  };
}

/** The table: null when `principal` may do `access`, else the 403 it gets. */
export function refusal(access: Access, principal: Principal): ApiError | null {
  switch (access) {
    case 'public':
    case 'self':
    case 'read':
      return null;
    case 'staff':
      return principal.admin ? null : staffOnly();
    case 'team-read':
      return principal.role === 'tecnico' ? new ApiError(403, 'role-forbidden', roleForbiddenMessage('tecnico', 'team')) : null;
    case 'remote-admin':
      return principal.role === 'administrador' ? null : new ApiError(403, 'role-forbidden', remoteAdminForbiddenMessage(principal.role));
    case 'edit':
    case 'purchase':
    case 'team': {
      // Staff act on the back office's own routes; on an account's routes they are their own account's Administrador.
      if (roleCan(principal.role, access)) return null;
      return new ApiError(403, 'role-forbidden', roleForbiddenMessage(principal.role, access));
    }
  }
}

/** The middleware a route's `access` becomes: authenticate (unless public), then the table. */
export function guard(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access !== 'public') {
      const principal = await authenticate(c.req.raw, c.env, c.var.db);
      const refused = refusal(access, principal);
      if (refused) throw refused;
      c.set('principal', principal);
    }
    await next();
  };
}
