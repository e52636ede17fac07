/**
 * `GET /backoffice/machine?q=` (staff): the machines of every builder, as the back office picks the ones a VPN user
 * may reach — id, name, serial number and the builder's name. Searched by name, serial number or builder; sorted by
 * name (or builder); paged.
 */
import { z } from '@hono/zod-openapi';
import { backofficeMachineListQuery } from '@/contracts/vpn';
import { apiRoute, type App } from '../../../shared/app';
import { pageAnswer } from '../../../shared/list';
import { errors, json, listQueryParams, pageOf } from '../../../shared/openapi';
import { listBackofficeMachines } from './queries';

const backofficeMachineSchema = z
  .object({ id: z.string(), name: z.string(), serialNumber: z.string(), ownerName: z.string() })
  .openapi('BackofficeMachine');

export function backofficeMachineRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/machine',
      tags: ['Back office'],
      summary: 'As máquinas de todas as montadoras (para escolher as de um usuário VPN)',
      request: { query: listQueryParams() },
      responses: {
        200: json(pageOf(backofficeMachineSchema).openapi('BackofficeMachinePage'), 'Uma página de máquinas.'),
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => {
      const query = backofficeMachineListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listBackofficeMachines(c.var.db, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );
}
