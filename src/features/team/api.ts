import type { Invitation, InvitationInput, InvitationPreview, Team, TeamMember, TeamRole } from '@/contracts/team';
import { mainApi } from '@/lib/api/main-api';

/** An e-mail the demo "sent" (GET /demo/mailbox: the demo backend only). */
export interface DemoMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string;
  sentAt: Date;
}

const TEAM = { type: 'team' as const, id: 'LIST' };

export const teamApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getTeam: build.query<Team, void>({
      query: () => '/team',
      providesTags: [TEAM],
    }),
    /** POST /team/invitation; the key stays the same across retries of one submission. */
    inviteMember: build.mutation<Invitation, { input: InvitationInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: '/team/invitation',
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: (_result, error) => (error ? [] : [TEAM, { type: 'team', id: 'MAIL' }]),
    }),
    resendInvitation: build.mutation<Invitation, string>({
      query: (id) => ({ url: `/team/invitation/${encodeURIComponent(id)}/resend`, method: 'POST' }),
      invalidatesTags: [TEAM, { type: 'team', id: 'MAIL' }],
    }),
    revokeInvitation: build.mutation<Invitation, string>({
      query: (id) => ({ url: `/team/invitation/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
      invalidatesTags: [TEAM],
    }),
    changeRole: build.mutation<TeamMember, { uid: string; role: TeamRole }>({
      query: ({ uid, role }) => ({ url: `/team/member/${encodeURIComponent(uid)}`, method: 'PATCH', body: { role } }),
      invalidatesTags: [TEAM, { type: 'team', id: 'ACCESS' }],
    }),
    removeMember: build.mutation<void, string>({
      query: (uid) => ({ url: `/team/member/${encodeURIComponent(uid)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [TEAM]),
    }),
    getDemoMailbox: build.query<DemoMail[], void>({
      query: () => '/demo/mailbox',
      providesTags: [{ type: 'team', id: 'MAIL' }],
    }),
    /**
     * POST /invitation/open `{ token }`: the link's account, role and status (no session needed). The token goes in
     * the body, never in an API path (paths are logged); a read, retried like one.
     */
    getInvitation: build.query<InvitationPreview, string>({
      query: (token) => ({ url: '/invitation/open', method: 'POST', body: { token } }),
      providesTags: (_result, _error, token) => [{ type: 'team', id: `INVITE-${token}` }],
    }),
    /** POST /invitation/accept `{ token, name? }`; `idToken` for a session being made (the invitation page's sign-up). */
    acceptInvitation: build.mutation<{ accountName: string; role: TeamRole }, { token: string; name?: string; idToken?: string }>({
      query: ({ token, name, idToken }) => ({
        url: '/invitation/accept',
        method: 'POST',
        body: name ? { token, name } : { token },
        headers: idToken ? { Authorization: `Bearer ${idToken}` } : undefined,
        idempotent: true,
      }),
      invalidatesTags: (_result, _error, { token }) => [{ type: 'team', id: `INVITE-${token}` }, 'me', { type: 'team', id: 'ACCESS' }],
    }),
  }),
});

export const {
  useGetTeamQuery,
  useInviteMemberMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useChangeRoleMutation,
  useRemoveMemberMutation,
  useGetDemoMailboxQuery,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
} = teamApi;
