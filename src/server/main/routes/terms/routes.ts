/**
 * `/account/terms` (issue 38, item 4): the Termos de Uso the account accepted (src/contracts/terms.ts).
 * - `GET` ('read'): `TermsStatus` — the version in force, the one accepted (when, by whom) and `mustAccept`.
 * - `POST` `{ version }` ('team': an Administrador accepts for the company): records the version in force, who and
 *   when (once: accepting it again changes nothing), 200 with the status; a version other than the one in force
 *   answers 400 at `version` (the terms the person read were older).
 * The registration (`POST /assembler`) records the version in force too (routes/account/routes.ts).
 */
import { z } from '@hono/zod-openapi';
import { TERMS_MESSAGES, TERMS_VERSION } from '@/contracts/terms';
import { apiRoute, type App } from '../../../shared/app';
import { validationError } from '../../../shared/errors';
import { errors, json, jsonBody, timestampSchema } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { termsAcceptanceInsert, termsStatusOf } from './queries';

const TAG = 'Conta';

const termsStatusSchema = z
  .object({
    version: z.string().openapi({ description: 'A versão em vigor (aaaa-mm-dd).', example: TERMS_VERSION }),
    acceptedVersion: z.string().nullable().openapi({ description: 'A última versão aceita pela conta; null: nenhuma registrada.' }),
    acceptedAt: timestampSchema.nullable(),
    acceptedBy: z.string().nullable().openapi({ description: 'Quem aceitou (nome na equipe); null se desconhecido.' }),
    mustAccept: z.boolean().openapi({ description: 'A conta precisa aceitar a versão em vigor.' }),
  })
  .openapi('TermsStatus');

const acceptanceSchema = z
  .object({ version: z.string({ error: 'Informe a versão dos Termos de Uso.' }).openapi({ example: TERMS_VERSION }) })
  .openapi('TermsAcceptance');

export function termsRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/account/terms',
      tags: [TAG],
      summary: 'Os Termos de Uso aceitos pela conta e a versão em vigor',
      responses: { 200: json(termsStatusSchema, 'A situação do aceite.') },
    }),
    async (c) => {
      const { db, principal } = c.var;
      return c.json(serialize(await termsStatusOf(db, principal.uid)) as z.infer<typeof termsStatusSchema>, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'team',
      method: 'post',
      path: '/account/terms',
      tags: [TAG],
      summary: 'Aceita, em nome da empresa, a versão em vigor dos Termos de Uso',
      request: jsonBody(acceptanceSchema),
      responses: { 200: json(termsStatusSchema, 'Aceite registrado.'), 400: errors[400] },
    }),
    async (c) => {
      const { db, principal } = c.var;
      const { version } = c.req.valid('json');
      if (version !== TERMS_VERSION) throw validationError(TERMS_MESSAGES.outdated, 'version');
      await termsAcceptanceInsert(db, principal.uid, principal.memberUid, Date.now());
      return c.json(serialize(await termsStatusOf(db, principal.uid)) as z.infer<typeof termsStatusSchema>, 200);
    },
  );
}
