/**
 * Configurações → "Privacidade e dados": `POST /account/export` (the ZIP, saved as `ponte-iiot-dados-<aaaa-mm-dd>.zip`
 * as soon as it arrives: the file never enters the Redux state, only its name and size do) and the deletion's
 * schedule: `GET /account/deletion` (`{ schedule }`), `POST` (asks: the erasure waits 14 days), `DELETE` ("Cancelar
 * exclusão"). The mutations are not retried: a second export would be refused while the first runs (409), and the
 * deletion is asked once (a retry after signing in again is the person's own click).
 */
import { exportFileName, type AccountDeletionInput, type AccountDeletionSchedule } from '@/contracts/account-data';
import { mainApi } from '@/lib/api/main-api';
import { downloadFile } from '@/lib/download';

export interface ExportedFile {
  fileName: string;
  bytes: number;
}

/** The account's deletion schedule (the company's record: the 'assembler' tag, its own id). */
const DELETION_TAG = { type: 'assembler' as const, id: 'deletion' };

export const accountDataApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    exportAccountData: build.mutation<ExportedFile, void>({
      query: () => ({
        url: '/account/export',
        method: 'POST',
        headers: { Accept: 'application/zip, application/json' },
        responseHandler: async (response: Response): Promise<unknown> => {
          if (!response.ok) return response.json().catch(() => null);
          const bytes = new Uint8Array(await response.arrayBuffer());
          const fileName = exportFileName();
          downloadFile(fileName, new Blob([bytes], { type: 'application/zip' }));
          return { fileName, bytes: bytes.length } satisfies ExportedFile;
        },
      }),
    }),
    getAccountDeletion: build.query<{ schedule: AccountDeletionSchedule | null }, void>({
      query: () => '/account/deletion',
      providesTags: [DELETION_TAG],
    }),
    deleteAccount: build.mutation<AccountDeletionSchedule, AccountDeletionInput>({
      query: (body) => ({ url: '/account/deletion', method: 'POST', body }),
      invalidatesTags: [DELETION_TAG],
    }),
    cancelAccountDeletion: build.mutation<void, void>({
      query: () => ({ url: '/account/deletion', method: 'DELETE' }),
      invalidatesTags: [DELETION_TAG],
    }),
  }),
});

export const { useExportAccountDataMutation, useGetAccountDeletionQuery, useDeleteAccountMutation, useCancelAccountDeletionMutation } = accountDataApi;
