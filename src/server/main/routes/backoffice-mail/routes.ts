/**
 * /backoffice/mail (staff only): every e-mail and where its delivery stands — 'na-fila' (queued, or waiting for a
 * retry: the attempts and the last error say why), 'enviado', 'falhou' (src/server/main/mail/).
 */
import { mailListQuery } from '@/contracts/mail';
import { type App } from '../../../shared/app';
import { pageAnswer } from '../../../shared/list';
import { listRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { listMail } from './queries';
import { mailRecordPageSchema } from './schemas';

export function backofficeMailRoutes(app: App) {
  app.openapi(
    listRoute({
      path: '/backoffice/mail',
      tag: 'Back office',
      access: 'staff',
      summary: 'Os e-mails enviados e na fila, dos mais recentes',
      page: mailRecordPageSchema,
      description: 'Uma página de e-mails.',
      filters: ['status', 'kind'],
      errors: [401, 403],
    }),
    async (c) => {
      const query = mailListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listMail(c.var.db, query);
      return c.json(pageAnswer(serialize(rows) as object[], query, total) as never, 200);
    },
  );
}
