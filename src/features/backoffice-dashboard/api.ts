import type { BackofficeDashboard } from '@/contracts/backoffice-dashboard';
import { mainApi } from '@/lib/api/main-api';

/**
 * The back office's dashboard figures. It provides the tags of what it counts, so a status change, a payment or a
 * VPN-user change (which the VPN API's mutations invalidate on this API on purpose: tag 'vpn') refreshes it.
 */
export const backofficeDashboardApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** Days counted in `timeZone` (the browser's), so "today" and "this month" are the staff member's. */
    getBackofficeDashboard: build.query<BackofficeDashboard, string>({
      query: (timeZone) => `/backoffice/dashboard?${new URLSearchParams({ tz: timeZone }).toString()}`,
      providesTags: [
        { type: 'order', id: 'LIST' },
        { type: 'device', id: 'LIST' },
        { type: 'vpn', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetBackofficeDashboardQuery } = backofficeDashboardApi;
