import type { Page } from '@/contracts/common';
import type { StaffGrantInput, StaffMember } from '@/contracts/staff';
import { mainApi } from '@/lib/api/main-api';

const STAFF = '/backoffice/staff';

export const backofficeStaffApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /backoffice/staff: the Ponte team, by name. */
    listStaff: build.query<Page<StaffMember>, void>({
      query: () => STAFF,
      providesTags: [{ type: 'staff', id: 'LIST' }],
    }),
    /** POST /backoffice/staff/grant: the `admin` claim for the account of that e-mail. */
    grantStaff: build.mutation<StaffMember, StaffGrantInput>({
      query: (body) => ({ url: `${STAFF}/grant`, method: 'POST', body }),
      invalidatesTags: [{ type: 'staff', id: 'LIST' }, 'audit-log'],
    }),
    /** POST /backoffice/staff/{uid}/revoke: the claim removed, the person's sessions revoked. */
    revokeStaff: build.mutation<StaffMember, string>({
      query: (uid) => ({ url: `${STAFF}/${encodeURIComponent(uid)}/revoke`, method: 'POST' }),
      invalidatesTags: [{ type: 'staff', id: 'LIST' }, 'audit-log'],
    }),
  }),
});

export const { useListStaffQuery, useGrantStaffMutation, useRevokeStaffMutation } = backofficeStaffApi;
