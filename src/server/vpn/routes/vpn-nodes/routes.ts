/**
 * /vpn-node: the gateways the VPN reaches. Staff: list (search by name, VPN address or serial number; filter online /
 * offline; sorts), get, and `POST /vpn-node/{id}/credential` (a new credential for the node, shown once; the
 * previous one stops working). The node itself: `GET /vpn-node/{id}/peers` with `Authorization: Node <token>` —
 * declared 'public' (no Firebase token), the node's credential is checked in the handler.
 */
import { eq } from 'drizzle-orm';
import { vpnNodeListQuery } from '@/contracts/vpn';
import { apiRoute, type App } from '../../../shared/app';
import { isDemo } from '../../../shared/env';
import { notFound } from '../../../shared/errors';
import { pageAnswer } from '../../../shared/list';
import { errors, idParams, json } from '../../../shared/openapi';
import { getRoute, listRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { vpnNode } from '../../db/vpn-schema';
import { settleHandshakes } from '../vpn-users/queries';
import { newNodeToken, sha256Hex } from '../wireguard';
import { authenticateNode, nodePeers } from './peers';
import { syncNodes } from './sync';
import { findVpnNode, listVpnNodes } from './queries';
import { nodeAuthHeaders, vpnNodeCredentialSchema, vpnNodePageSchema, vpnNodePeersSchema, vpnNodeSchema } from './schemas';

export const VPN_NODE_NOT_FOUND = 'Nó VPN não encontrado.';
const TAG = 'Nós VPN';

export function vpnNodeRoutes(app: App) {
  app.openapi(
    listRoute({
      path: '/vpn-node', tag: TAG, access: 'staff',
      summary: 'Lista os nós da VPN',
      page: vpnNodePageSchema, description: 'Uma página de nós.', filters: ['status'], errors: [401, 403],
    }),
    async (c) => {
      await syncNodes(c.var.db);
      if (isDemo(c.env)) await settleHandshakes(c.var.db);
      const query = vpnNodeListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listVpnNodes(c.var.db, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: '/vpn-node/{id}', tag: TAG, access: 'staff',
      summary: 'Um nó da VPN',
      item: vpnNodeSchema, description: 'O nó.', errors: [401, 403, 404],
    }),
    async (c) => {
      await syncNodes(c.var.db);
      if (isDemo(c.env)) await settleHandshakes(c.var.db);
      const found = await findVpnNode(c.var.db, c.req.valid('param').id);
      if (!found) throw notFound(VPN_NODE_NOT_FOUND);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'staff',
      method: 'post',
      path: '/vpn-node/{id}/credential',
      tags: [TAG],
      summary: 'Emite a credencial do nó (mostrada uma vez; a anterior deixa de valer)',
      request: { params: idParams },
      responses: {
        201: json(vpnNodeCredentialSchema, 'A nova credencial.'),
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const token = newNodeToken();
      const now = Date.now();
      const issued = await c.var.db
        .update(vpnNode)
        .set({ tokenHash: await sha256Hex(token), tokenIssuedAt: now })
        .where(eq(vpnNode.id, id))
        .returning({ id: vpnNode.id });
      if (issued.length === 0) throw notFound(VPN_NODE_NOT_FOUND);
      c.header('Cache-Control', 'no-store');
      return c.json(serialize({ nodeId: id, token, issuedAt: now }) as never, 201);
    },
  );

  app.openapi(
    apiRoute({
      access: 'public',
      method: 'get',
      path: '/vpn-node/{id}/peers',
      tags: [TAG],
      summary: 'Os pares do nó (autenticação: `Authorization: Node <credencial>`, não um token Firebase)',
      description:
        'Chamado pelo próprio nó: os usuários VPN ativos que alcançam máquinas do seu gateway (chave pública e ' +
        'endereço no túnel), as sessões de acesso remoto ativas numa máquina do gateway (com o único destino ' +
        'permitido e o fim da janela) e o gateway (chave pública e redes). A credencial é emitida pela equipe em ' +
        '`POST /vpn-node/{id}/credential`; sem ela, ou inválida, 401.',
      request: { params: idParams, headers: nodeAuthHeaders },
      responses: { 200: json(vpnNodePeersSchema, 'Os pares.'), 401: errors[401] },
    }),
    async (c) => {
      const node = await authenticateNode(c.var.db, c.req.raw, c.req.valid('param').id);
      c.header('Cache-Control', 'no-store');
      return c.json(serialize(await nodePeers(c.var.db, node, Date.now())) as never, 200);
    },
  );
}
