/**
 * /vpn-node: the gateways the VPN reaches. Staff: list (search by name, VPN address or serial number; filter online /
 * offline; sorts), get, and `POST /vpn-node/{id}/credential` (a new credential for the node, shown once; the
 * previous one stops working). The node itself: `GET /vpn-node/{id}/peers` and `POST /vpn-node/{id}/report` with
 * `Authorization: Node <token>` — declared 'public' (no Firebase token), the node's credential is checked first.
 */
import { eq } from 'drizzle-orm';
import { vpnNodeListQuery } from '@/contracts/vpn';
import { apiRoute, type App } from '../../../shared/app';
import { demoMode } from '../../../demo/mode';
import { notFound } from '../../../shared/errors';
import { pageAnswer } from '../../../shared/list';
import { errors, errorsOf, idParams, json, jsonBody } from '../../../shared/openapi';
import { getRoute, listRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { vpnNode } from '../../db/vpn-schema';
import { settleHandshakes } from '../vpn-users/queries';
import { newNodeToken, sha256Hex } from '../wireguard';
import { authenticateNode, nodePeers } from './peers';
import { applyNodeReport, MAX_REPORTED_PEERS, nodeReportAnswerSchema, nodeReportSchema } from './report';
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
      if (demoMode(c.env).standInHub) await settleHandshakes(c.var.db);
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
      if (demoMode(c.env).standInHub) await settleHandshakes(c.var.db);
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
        ...errorsOf([401, 403, 404]),
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

  // The credential before the body: a caller without it learns nothing of the report's format.
  app.use('/vpn-node/:id/report', async (c, next) => {
    if (c.req.method === 'POST') await authenticateNode(c.var.db, c.req.raw, c.req.param('id') ?? '');
    await next();
  });
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/vpn-node/{id}/report',
      tags: [TAG],
      summary: 'O nó relata seus pares: último handshake e bytes (autenticação: `Authorization: Node <credencial>`)',
      description:
        'Chamado pelo próprio nó, com o que `wg show <interface> dump` imprime de cada par: chave pública, último ' +
        'handshake (segundos desde 1970; 0 quando nunca houve), bytes recebidos e enviados. Atualiza as sessões de ' +
        'acesso remoto ativas numa máquina do gateway do nó (o primeiro handshake é o evento "conectado" do ' +
        'Histórico; o tráfego, o que a tela mostra), os usuários VPN que alcançam o gateway e o próprio nó. Pares ' +
        `que o nó não deveria ter são ignorados. No máximo ${MAX_REPORTED_PEERS} pares.`,
      request: { params: idParams, headers: nodeAuthHeaders, ...jsonBody(nodeReportSchema) },
      responses: { 200: json(nodeReportAnswerSchema, 'O que foi atualizado.'), 400: errors[400], 401: errors[401] },
    }),
    async (c) => {
      const node = await authenticateNode(c.var.db, c.req.raw, c.req.valid('param').id);
      const answer = await applyNodeReport(c.var.db, node, c.req.valid('json'), Date.now());
      c.header('Cache-Control', 'no-store');
      return c.json(answer, 200);
    },
  );
}
