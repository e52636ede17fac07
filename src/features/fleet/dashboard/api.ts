import type { DashboardConnections, DashboardSummary } from '@/contracts/dashboard';
import { mainApi } from '@/lib/api/main-api';

/**
 * The dashboard's two reads, one per group of panels: a failing one leaves the other's panels on screen. They
 * provide the lists' tags, so creating a customer, a machine or an order (or claiming a gateway) refreshes them.
 */
export const dashboardApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardSummary: build.query<DashboardSummary, void>({
      query: () => '/dashboard/summary',
      providesTags: [
        { type: 'customer', id: 'LIST' },
        { type: 'machine-model', id: 'LIST' },
        { type: 'machine', id: 'LIST' },
        { type: 'device', id: 'LIST' },
        { type: 'order', id: 'LIST' },
      ],
    }),
    /** Days counted in `timeZone` (the browser's), so "today" is the user's today. */
    getDashboardConnections: build.query<DashboardConnections, string>({
      query: (timeZone) => `/dashboard/connections?${new URLSearchParams({ tz: timeZone }).toString()}`,
      providesTags: [
        { type: 'device-connection', id: 'LIST' },
        { type: 'device', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetDashboardSummaryQuery, useGetDashboardConnectionsQuery } = dashboardApi;
