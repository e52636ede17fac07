/**
 * The hub's own routes (`Authorization: Hub <credencial>`, issued by staff; declared 'public' — no Firebase token —
 * the credential checked before anything else, the body included): `GET /hub/{id}/state`, its desired state, and
 * `POST /hub/{id}/report`, what it applied and saw (src/contracts/hub.ts).
 */
import { hubReportSchema, MAX_HUB_REPORT_PEERS } from '@/contracts/hub';
import { apiRoute, type App, type LargeBody } from '../../../shared/app';
import { errors, idParams, json, jsonBody } from '../../../shared/openapi';
import { authenticateHub } from './queries';
import { applyHubReport } from './report';
import { hubDesiredState } from './state';
import { gatewayOnlineWindow } from './sweep';
import { hubAuthHeaders, hubReportAnswerSchema, hubStateSchema } from './schemas';

const TAG = 'Hubs VPN';

/** The hub's report may be large: 20 000 peers of about 150 bytes each. */
export const HUB_REPORT_BODY: LargeBody = {
  path: /^\/hub\/[^/]+\/report$/,
  maxBytes: 4 * 1024 * 1024,
  message: 'O relatório do hub é grande demais (máximo de 4 MB).',
};

export function hubStateRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'get',
      path: '/hub/{id}/state',
      tags: [TAG],
      summary: 'O estado desejado do hub (autenticação: `Authorization: Hub <credencial>`, não um token Firebase)',
      description:
        'Chamado pelo próprio hub: os gateways atribuídos a ele, os usuários VPN e as sessões de acesso remoto ativas ' +
        'que passam por ele, cada um com o que pode alcançar. `version` muda só quando o conteúdo muda. A credencial é ' +
        'emitida pela equipe em `POST /hub/{id}/credential`; sem ela, ou inválida, 401.',
      request: { params: idParams, headers: hubAuthHeaders },
      responses: { 200: json(hubStateSchema, 'O estado desejado.'), 401: errors[401] },
    }),
    async (c) => {
      const hub = await authenticateHub(c.var.db, c.req.raw, c.req.valid('param').id);
      c.header('Cache-Control', 'no-store');
      return c.json(await hubDesiredState(c.var.db, hub, Date.now()), 200);
    },
  );

  // The credential before the body: a caller without it learns nothing of the report's format.
  app.use('/hub/:id/report', async (c, next) => {
    if (c.req.method === 'POST') await authenticateHub(c.var.db, c.req.raw, c.req.param('id') ?? '');
    await next();
  });
  app.openapi(
    apiRoute({
      access: 'public',
      method: 'post',
      path: '/hub/{id}/report',
      tags: [TAG],
      summary: 'O hub relata sua chave, a versão aplicada, sua saúde e seus pares (autenticação: `Authorization: Hub <credencial>`)',
      description:
        'Chamado pelo próprio hub ao menos a cada 30 s, com o que `wg show <interface> dump` imprime de cada par. O ' +
        'primeiro relatório registra a chave pública do hub. Atualiza só o que mudou: gateways online (handshake ' +
        'recente) ou offline (silenciosos), cada mudança registrada; o primeiro handshake e o tráfego das sessões de ' +
        `acesso remoto; o último handshake dos usuários VPN. No máximo ${MAX_HUB_REPORT_PEERS} pares.`,
      request: { params: idParams, headers: hubAuthHeaders, ...jsonBody(hubReportSchema) },
      responses: { 200: json(hubReportAnswerSchema, 'O que foi atualizado.'), 400: errors[400], 401: errors[401] },
    }),
    async (c) => {
      const hub = await authenticateHub(c.var.db, c.req.raw, c.req.valid('param').id);
      const answer = await applyHubReport(c.var.db, hub.id, c.req.valid('json'), Date.now(), gatewayOnlineWindow(c.env));
      c.header('Cache-Control', 'no-store');
      return c.json(answer, 200);
    },
  );
}
