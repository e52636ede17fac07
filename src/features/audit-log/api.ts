/**
 * The audit log's endpoints (issue 37; the routes are src/server/main/routes/audit-log): the account's entries
 * (Configurações → "Registro de auditoria"), its "Pessoa" choices, and the back office's every-account list with its
 * "Conta" choices. The entries are written by the changes themselves, on the server: nothing here writes. Kept
 * briefly (`keepUnusedDataFor: 0`): opening the screen again asks for what changed meanwhile.
 */
import type { Page } from '@/contracts/common';
import {
  auditListQuery,
  backofficeAuditListQuery,
  type AuditEntry,
  type AuditListQuery,
  type AuditPerson,
  type BackofficeAuditEntry,
  type BackofficeAuditListQuery,
} from '@/contracts/audit';
import { pathWithParams } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

const TAG = 'audit-log';

export const auditLogApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listAuditEntries: build.query<Page<AuditEntry>, AuditListQuery>({
      query: (query) => pathWithParams('/audit-log', auditListQuery.toParams(query)),
      providesTags: [{ type: TAG, id: 'LIST' }],
      keepUnusedDataFor: 0,
    }),
    getAuditPeople: build.query<{ people: AuditPerson[] }, void>({
      query: () => '/audit-log/people',
      providesTags: [{ type: TAG, id: 'PEOPLE' }],
      keepUnusedDataFor: 0,
    }),
    listBackofficeAuditEntries: build.query<Page<BackofficeAuditEntry>, BackofficeAuditListQuery>({
      query: (query) => pathWithParams('/backoffice/audit-log', backofficeAuditListQuery.toParams(query)),
      providesTags: [{ type: TAG, id: 'BACKOFFICE' }],
      keepUnusedDataFor: 0,
    }),
    getBackofficeAuditAccounts: build.query<{ accounts: AuditPerson[] }, void>({
      query: () => '/backoffice/audit-log/accounts',
      providesTags: [{ type: TAG, id: 'ACCOUNTS' }],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useListAuditEntriesQuery,
  useLazyListAuditEntriesQuery,
  useGetAuditPeopleQuery,
  useListBackofficeAuditEntriesQuery,
  useLazyListBackofficeAuditEntriesQuery,
  useGetBackofficeAuditAccountsQuery,
} = auditLogApi;
