/**
 * Configurações → "Privacidade e dados": `POST /account/export` (the ZIP, saved as `ponte-iiot-dados-<aaaa-mm-dd>.zip`
 * as soon as it arrives: the file never enters the Redux state, only its name and size do) and
 * `POST /account/deletion`. Neither is retried: a second export would be refused while the first runs (409), and the
 * deletion is asked once.
 */
import { exportFileName, type AccountDeletionInput } from '@/contracts/account-data';
import { mainApi } from '@/lib/api/main-api';
import { downloadFile } from '@/lib/download';

export interface ExportedFile {
  fileName: string;
  bytes: number;
}

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
    deleteAccount: build.mutation<unknown, AccountDeletionInput>({
      query: (body) => ({ url: '/account/deletion', method: 'POST', body }),
    }),
  }),
});

export const { useExportAccountDataMutation, useDeleteAccountMutation } = accountDataApi;
