import type { Page } from '@/contracts/common';
import { mailListQuery, type MailListQuery, type MailRecord } from '@/contracts/mail';
import { mainApi } from '@/lib/api/main-api';

const MAIL = '/backoffice/mail';

const listUrl = (query: MailListQuery) => {
  const params = mailListQuery.toParams(query).toString();
  return params ? `${MAIL}?${params}` : MAIL;
};

export const backofficeMailApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /backoffice/mail: every e-mail, newest first, with where its delivery stands. */
    listMail: build.query<Page<MailRecord>, MailListQuery>({
      query: listUrl,
      providesTags: [{ type: 'mail', id: 'LIST' }],
    }),
  }),
});

export const { useListMailQuery } = backofficeMailApi;
