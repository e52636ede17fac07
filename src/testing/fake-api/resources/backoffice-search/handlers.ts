/**
 * GET /backoffice/search?q= (staff only): what "Buscar em toda aplicação..." finds as the staff member types —
 * orders by number ("1004", "#1004"), builders by name or CNPJ (with or without its mask), VPN users by name or
 * e-mail — at most 5 of each, the most recent orders and the best name matches first.
 */
import { http, HttpResponse } from 'msw';
import {
  SEARCH_LIMIT_PER_KIND,
  isSearchable,
  searchText,
  type AssemblerHit,
  type BackofficeSearchResults,
  type OrderHit,
  type VpnUserHit,
} from '@/contracts/backoffice-search';
import { foldText, searchPredicate } from '@/testing/fake-api/collection';
import { authenticateAdmin, validationError, type HandlerContext } from '@/testing/fake-api/http';

/** Matches that start with the text first, then the rest, each group in its own order. */
function startsFirst<T>(items: T[], text: (item: T) => string, needle: string): T[] {
  const starts = items.filter((item) => foldText(text(item)).startsWith(needle));
  return [...starts, ...items.filter((item) => !starts.includes(item))];
}

export function backofficeSearchHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  return [
    http.get(`${apiUrl}/backoffice/search`, ({ request }) => {
      const auth = authenticateAdmin(request, ctx);
      if ('response' in auth) return auth.response;
      const raw = new URL(request.url).searchParams.get('q') ?? '';
      if (raw.length > 100) return validationError('A busca aceita até 100 caracteres.', 'q');
      const q = searchText(raw);
      const empty: BackofficeSearchResults = { q, orders: [], assemblers: [], vpnUsers: [] };
      if (!isSearchable(raw)) return HttpResponse.json(empty);
      const needle = foldText(q);
      const names = new Map(db.data.assemblers.map((assembler) => [assembler.uid, assembler.name]));

      const digits = /^\d+$/.test(q) ? q : null;
      const orders: OrderHit[] = digits
        ? db.data.orders
            .filter((order) => String(order.number).includes(digits))
            .sort((a, b) => Number(String(b.number) === digits) - Number(String(a.number) === digits) || b.createdAt - a.createdAt)
            .slice(0, SEARCH_LIMIT_PER_KIND)
            .map((order) => ({
              id: order.id,
              number: order.number,
              status: order.status,
              total: order.total,
              assemblerName: names.get(order.ownerUid) ?? '',
            }))
        : [];

      const assemblerMatch = searchPredicate<(typeof db.data.assemblers)[number]>(q, ['name', 'cnpj', 'email']);
      const assemblers: AssemblerHit[] = startsFirst(
        db.data.assemblers.filter(assemblerMatch).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
        (assembler) => assembler.name,
        needle,
      )
        .slice(0, SEARCH_LIMIT_PER_KIND)
        .map((assembler) => ({ id: assembler.uid, name: assembler.name, cnpj: assembler.cnpj }));

      const vpnMatch = searchPredicate<(typeof db.data.vpnUsers)[number]>(q, ['name', 'email']);
      const vpnUsers: VpnUserHit[] = startsFirst(
        db.data.vpnUsers.filter(vpnMatch).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
        (user) => user.name,
        needle,
      )
        .slice(0, SEARCH_LIMIT_PER_KIND)
        .map((user) => ({ id: user.id, name: user.name, email: user.email }));

      return HttpResponse.json({ q, orders, assemblers, vpnUsers } satisfies BackofficeSearchResults);
    }),
  ];
}
