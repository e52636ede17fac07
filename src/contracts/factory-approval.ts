/**
 * The factory's approval of a remote-access request (issue 25, item 4): when a machine's customer has "Exigir
 * aprovação da fábrica", the request waits (after an Administrador's approval, if the account's policy asks one) for
 * the factory: an e-mail to the customer's e-mail carries a link to a page that needs no sign-in
 * (`/aprovacao-acesso/{token}` in the portal) with "Autorizar acesso" / "Recusar". The token is random and single-use;
 * the server keeps only its SHA-256. The link dies with the request (ended, replaced, refused, expired) and after
 * REQUEST_TTL_HOURS.
 *
 * One contract for the page, the public API (src/server/main/routes/remote-access/factory-routes.ts) and the unit
 * tests' fake API. Times as the API answers them: `{ seconds, nanos }`.
 */
import { z } from 'zod';
import { MAX_REASON_LENGTH, REASON_TOO_LONG, type ApiTimestamp, type RemoteAccessService } from './remote-access';

export { FACTORY_APPROVAL_LINK, factoryApprovalLink } from './factory-approval-link';

/** What the page shows (`POST /factory-approval/open` with the token): who asks, for which machine, why, for how long. */
export interface FactoryApprovalRequest {
  /** The machine builder (its company name). */
  builderName: string;
  /** The engineer who asked. */
  requesterName: string;
  machineName: string;
  customerName: string;
  reason: string;
  /** The window the engineer gets once the profile is downloaded: 1, 4, 8 or 24 hours. */
  durationHours: number;
  services: RemoteAccessService[];
  requestedAt: ApiTimestamp;
  /** The link works until then (or until the request is ended). */
  expiresAt: ApiTimestamp;
}

export const FACTORY_DECISIONS = ['approve', 'refuse'] as const;
export type FactoryDecision = (typeof FACTORY_DECISIONS)[number];

export const FACTORY_REFUSAL_MISSING = 'Informe o motivo da recusa.';
const DECISION_MESSAGE = 'Escolha "Autorizar acesso" ou "Recusar".';

/** The approval link's token is missing from the request. */
export const FACTORY_TOKEN_MISSING = 'Link de aprovação ausente.';

/** The link's token, in the request's body (never in an API path, which is logged). */
const factoryTokenField = z
  .string({ error: FACTORY_TOKEN_MISSING })
  .trim()
  .min(1, { error: FACTORY_TOKEN_MISSING })
  .max(200, { error: FACTORY_TOKEN_MISSING });

/** `POST /factory-approval/open`: what the link shows. */
export const factoryTokenSchema = z.object({ token: factoryTokenField });

const decisionFields = {
  decision: z.enum(FACTORY_DECISIONS, { error: DECISION_MESSAGE }),
  reason: z.string({ error: FACTORY_REFUSAL_MISSING }).trim().max(MAX_REASON_LENGTH, { error: REASON_TOO_LONG }).default(''),
};
const reasonToRefuse = { error: FACTORY_REFUSAL_MISSING, path: ['reason'] };

/** The page's form: approve, or refuse with a reason. */
export const factoryDecisionSchema = z
  .object(decisionFields)
  .refine((input) => input.decision !== 'refuse' || input.reason !== '', reasonToRefuse);

/** `POST /factory-approval/decision`: the link's token and the decision (a reason required to refuse). */
export const factoryDecisionRequestSchema = z
  .object({ token: factoryTokenField, ...decisionFields })
  .refine((input) => input.decision !== 'refuse' || input.reason !== '', reasonToRefuse);
export type FactoryDecisionInput = z.output<typeof factoryDecisionSchema>;

/** The decision's answer: what happened, said in pt-BR for the page. */
export interface FactoryDecisionAnswer {
  status: 'approved' | 'refused';
  message: string;
}

/** Why a link no longer works (410, or 404 for one that never existed): each said plainly. */
export const FACTORY_APPROVAL_MESSAGES = {
  notFound: 'Link de aprovação não encontrado: confira o endereço recebido por e-mail.',
  used: 'Este link de aprovação já foi usado.',
  expired: 'Este link de aprovação expirou.',
  ended: 'Este link de aprovação expirou: a solicitação foi encerrada ou substituída por outra.',
  refused: 'Esta solicitação já foi recusada.',
  approved: (requester: string, machine: string, duration: string) =>
    `Acesso autorizado. ${requester} já pode baixar o perfil e acessar ${machine} por ${duration}.`,
  refusedNow: (builder: string) => `Acesso recusado. ${builder} verá o motivo na solicitação.`,
  /** The e-mail's subject and text. */
  mailSubject: (builder: string, machine: string) => `${builder} pede acesso remoto à máquina ${machine}`,
  mailText: (requester: string, reason: string, duration: string, until: string) =>
    `${requester} pede acesso por ${duration}. Motivo: ${reason}. Abra o link para autorizar ou recusar; ele vale uma vez, até ${until}.`,
} as const;

/** The error codes of a link that no longer works (the page picks its words by the message the API sends). */
export const FACTORY_LINK_CODES = ['link-used', 'link-expired', 'request-ended', 'request-refused'] as const;
export type FactoryLinkCode = (typeof FACTORY_LINK_CODES)[number];
