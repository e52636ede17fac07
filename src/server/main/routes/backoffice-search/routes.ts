/**
 * GET /backoffice/search?q= (staff only): what "Buscar em toda aplicação..." finds as the staff member types —
 * orders by number ("1004", "#1004"), builders by name or CNPJ (with or without its mask) or e-mail, VPN users by
 * name or e-mail — at most 5 of each, the exact order number then the most recent orders, the names that start
 * with the text first. Under 2 characters: empty groups; over 100: 400.
 */
import { isSearchable, searchText, type BackofficeSearchResults } from '@/contracts/backoffice-search';
import { apiRoute, type App } from '../../../shared/app';
import { validationError } from '../../../shared/errors';
import { errorsOf, json } from '../../../shared/openapi';
import { assemblerHits, orderHits } from './queries';
import { backofficeSearchSchema, searchQuery } from './schemas';
import { vpnUserHits } from './vpn-hits';

const MAX_QUERY_LENGTH = 100;
// TODO: move to src/contracts/backoffice-search.ts (the demo says the same).
export const QUERY_TOO_LONG_MESSAGE = 'A busca aceita até 100 caracteres.';

export function backofficeSearchRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'get',
      path: '/backoffice/search',
      tags: ['Back office'],
      summary: 'Busca em toda a aplicação: pedidos, montadoras, usuários VPN',
      request: { query: searchQuery },
      responses: { 200: json(backofficeSearchSchema, 'Até 5 de cada tipo.'), ...errorsOf([400, 401, 403]) },
    }),
    async (c) => {
      const raw = c.req.valid('query').q ?? '';
      if (raw.length > MAX_QUERY_LENGTH) throw validationError(QUERY_TOO_LONG_MESSAGE, 'q');
      const q = searchText(raw);
      if (!isSearchable(raw)) return c.json({ q, orders: [], assemblers: [], vpnUsers: [] } satisfies BackofficeSearchResults, 200);
      const { db } = c.var;
      const [orders, assemblers, vpnUsers] = await Promise.all([
        /^\d+$/.test(q) ? orderHits(db, q) : Promise.resolve([]),
        assemblerHits(db, q),
        vpnUserHits(db, q),
      ]);
      return c.json({ q, orders, assemblers, vpnUsers } satisfies BackofficeSearchResults, 200);
    },
  );
}
