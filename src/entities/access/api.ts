/**
 * The signed-in person's role in the account (`GET /me` carries `role` and `accountName`), for every screen: the
 * portal's shell turns it into the kit's locks (src/components/ui/permissions.tsx) and the registry's gates.
 *
 * Here, and not in a feature, so the shell, the team screen and any feature read the same hook without importing
 * one another. A `/me` without a role (an older backend) is an Administrador: the backend enforces the roles anyway.
 */
import type { Locks } from '@/components/ui/permissions';
import type { Access } from '@/contracts/team';
import { cannotReason, TEAM_ROLES, type Capability, type TeamRole } from '@/contracts/team-roles';
import { mainApi } from '@/lib/api/main-api';

interface MeWithAccess {
  role?: unknown;
  accountName?: unknown;
  name?: unknown;
}

const isRole = (value: unknown): value is TeamRole => (TEAM_ROLES as readonly unknown[]).includes(value);

export const accessApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getAccess: build.query<Access, void>({
      query: () => '/me',
      transformResponse: (me: MeWithAccess): Access => ({
        role: isRole(me.role) ? me.role : 'administrador',
        accountName: typeof me.accountName === 'string' ? me.accountName : typeof me.name === 'string' ? me.name : '',
      }),
      providesTags: ['me', { type: 'team', id: 'ACCESS' }],
    }),
  }),
});

/** The role, refetched when a screen mounts it after 30 s (a role changed by an Administrador shows on the next visit). */
export function useAccess() {
  return accessApi.useGetAccessQuery(undefined, { refetchOnMountOrArgChange: 30 });
}

export function locksOf(role: TeamRole): Locks {
  return { edit: cannotReason(role, 'edit'), purchase: cannotReason(role, 'purchase'), team: cannotReason(role, 'team') };
}

/**
 * May the signed-in person do `capability`? `undefined` while the role loads; true when it could not be loaded (the
 * backend still refuses what the role may not do, with its reason).
 */
export function useCan(capability: Capability): { can: boolean | undefined; reason: string | null } {
  const { data, isError } = useAccess();
  if (data) {
    const reason = cannotReason(data.role, capability);
    return { can: reason === null, reason };
  }
  return { can: isError ? true : undefined, reason: null };
}
