/** GET /backoffice/search's query and answer (src/contracts/backoffice-search.ts). */
import { z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '@/contracts/commerce';

export const searchQuery = z.object({
  q: z.string().optional().openapi({ description: 'Número do pedido ("1004", "#1004"), montadora (nome, CNPJ, e-mail) ou usuário VPN (nome, e-mail).' }),
});

export const backofficeSearchSchema = z
  .object({
    q: z.string().openapi({ description: 'O texto buscado: sem espaços nas pontas nem o "#" inicial.' }),
    orders: z.array(
      z.object({ id: z.string(), number: z.number().int(), status: z.enum(ORDER_STATUSES), total: z.number().int(), assemblerName: z.string() }),
    ),
    assemblers: z.array(z.object({ id: z.string(), name: z.string(), cnpj: z.string() })),
    vpnUsers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  })
  .openapi('BackofficeSearchResults');
