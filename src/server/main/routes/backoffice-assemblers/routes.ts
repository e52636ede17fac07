/**
 * /backoffice/assembler (staff only): the builders ("montadoras") — the list behind the back office's "Montadora"
 * filter (every builder by name, one page) and one builder's page: who it is, its orders (all and open) and its
 * gateways by status. Another uid → 404 'Montadora não encontrada.'.
 */
import { ASSEMBLER_NOT_FOUND } from '@/contracts/backoffice-order';
import { apiRoute, type App } from '../../../shared/app';
import { notFound } from '../../../shared/errors';
import { errors, errorsOf, json } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { findAssemblerProfile, listAssemblers } from './queries';
import { assemblerPageSchema, assemblerParams, assemblerProfileSchema } from './schemas';

const TAG = 'Back office';

export function backofficeAssemblerRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/assembler',
      tags: [TAG],
      summary: 'As montadoras, por nome (todas numa página)',
      responses: { 200: json(assemblerPageSchema, 'Todas as montadoras.'), 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const data = await listAssemblers(c.var.db);
      return c.json({ data: serialize(data), meta: { page: 1, perPage: Math.max(1, data.length), total: data.length } } as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/assembler/{uid}',
      tags: [TAG],
      summary: 'Uma montadora: pedidos e gateways por status',
      request: { params: assemblerParams },
      responses: { 200: json(assemblerProfileSchema, 'A montadora.'), ...errorsOf([401, 403, 404]) },
    }),
    async (c) => {
      const profile = await findAssemblerProfile(c.var.db, c.req.valid('param').uid);
      if (!profile) throw notFound(ASSEMBLER_NOT_FOUND);
      return c.json(serialize(profile) as never, 200);
    },
  );
}
