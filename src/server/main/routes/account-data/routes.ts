/**
 * Configurações → "Privacidade e dados" (LGPD, issue #26):
 * - `POST /account/export` (Administrador: 'team'): the account's records of every kind as a ZIP (`dados.json` + a CSV per list, export.ts).
 *   One at a time per account: a second export asked while one runs gets 409 (the `account_export` row, taken over
 *   after a minute if a Worker died holding it).
 * - `/account/deletion`: the deletion's schedule, asked, read and cancelled (deletion-routes.ts).
 */
import { z } from '@hono/zod-openapi';
import { eq, lt } from 'drizzle-orm';
import { EXPORT_RUNNING_MESSAGE, exportFileName } from '@/contracts/account-data';
import { apiRoute, type App } from '../../../shared/app';
import { conflict } from '../../../shared/errors';
import { errorsOf } from '../../../shared/openapi';
import { accountExport } from '../../db/account-deletion-schema';
import { auditInsert } from '../../audit';
import { accountDeletionRoutes, TAG } from './deletion-routes';
import { accountRecords, exportArchive } from './export';

/** An export's claim older than this is stale (its Worker died): the next export takes it over. */
export const EXPORT_CLAIM_MS = 60_000;

export function accountDataRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'team',
      method: 'post',
      path: '/account/export',
      tags: [TAG],
      summary: 'Exporta os dados da conta (ZIP com dados.json e um CSV por lista)',
      description:
        'Todos os registros da conta: empresa, equipe, convites, clientes, modelos, máquinas, gateways, endereços, pedidos com itens, ' +
        'pagamentos (só bandeira e 4 últimos dígitos), acessos remotos e seus eventos, histórico de acesso, usuários da VPN, ' +
        'regras de alerta, webhooks (sem o segredo) e notificações. ' +
        'Uma exportação por vez (409 se outra estiver em andamento).',
      responses: {
        200: { description: 'O arquivo ZIP.', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
        ...errorsOf([401, 403, 409]),
      },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const owner = principal.uid;
      const now = Date.now();
      const claimed = await db
        .insert(accountExport)
        .values({ ownerUid: owner, startedAt: now })
        .onConflictDoUpdate({ target: accountExport.ownerUid, set: { startedAt: now }, where: lt(accountExport.startedAt, now - EXPORT_CLAIM_MS) })
        .returning({ ownerUid: accountExport.ownerUid });
      if (claimed.length === 0) throw conflict('export-running', EXPORT_RUNNING_MESSAGE);
      const release = db.delete(accountExport).where(eq(accountExport.ownerUid, owner));
      let archive: Uint8Array<ArrayBuffer>;
      try {
        archive = exportArchive(await accountRecords(db, owner), new Date(now));
      } catch (error) {
        await release;
        throw error;
      }
      // The archive made: the claim released and the audit log's entry written in one batch.
      const fileName = exportFileName(new Date(now));
      await db.batch([
        auditInsert(c, { kind: 'account.export', target: { kind: 'account', id: owner, label: fileName }, before: null, after: { file: fileName }, at: now }),
        release,
      ]);
      return c.body(archive, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-store',
      }) as never;
    },
  );

  accountDeletionRoutes(app);
}
