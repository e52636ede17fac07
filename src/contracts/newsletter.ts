/**
 * The newsletter's double opt-in (LGPD): what the landing's form, the main API and the unit tests' fake API share.
 * No zod here: the landing's form imports this module and its first load stays light.
 *
 * POST /newsletter { email, consent: true, policyVersion } → 201 { email, status: 'pendente' } and a confirmation
 * e-mail; POST /newsletter/confirm { token } → { outcome, email }; POST /newsletter/unsubscribe { token } → { outcome,
 * email }. The tokens travel in the links of the e-mails (`/newsletter/confirmar/<token>`, `/newsletter/cancelar/<token>`
 * on the landing) and the server keeps only their SHA-256.
 */

/** The version of the Política de Privacidade in force: recorded with each consent (change it with the policy). */
export const PRIVACY_POLICY_VERSION = '2026-11-29';

export { NEWSLETTER_LINKS } from './newsletter-links';

/** How long a confirmation link stays valid: 7 days. */
export const NEWSLETTER_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type NewsletterStatus = 'pendente' | 'ativo' | 'cancelado';
export type ConfirmOutcome = 'confirmed' | 'already-confirmed';
export type UnsubscribeOutcome = 'cancelled' | 'already-cancelled';

// The two the landing's form needs are constants of their own: the form's chunk carries only them.
export const CONSENT_REQUIRED_MESSAGE = 'Marque a caixa para aceitar receber a newsletter.';
export const ALREADY_SUBSCRIBED_MESSAGE = 'Este e-mail já está inscrito na nossa newsletter.';

export const NEWSLETTER_MESSAGES = {
  consentRequired: CONSENT_REQUIRED_MESSAGE,
  policyOutdated: 'A Política de Privacidade foi atualizada. Recarregue a página e leia a versão atual antes de se inscrever.',
  alreadySubscribed: ALREADY_SUBSCRIBED_MESSAGE,
  confirmationPending:
    'Já enviamos um e-mail de confirmação para este endereço. Abra o link nele para confirmar a inscrição.',
  tokenMissing: 'Informe o código do link.',
  confirmInvalid: 'Este link de confirmação não é válido. Confira se abriu o endereço inteiro que veio no e-mail.',
  confirmExpired: 'Este link de confirmação expirou. Inscreva-se de novo no rodapé do site para receber um novo.',
  confirmCancelled:
    'Esta inscrição foi cancelada depois deste e-mail. Para voltar a receber a newsletter, inscreva-se de novo no rodapé do site.',
  cancelInvalid: 'Este link de cancelamento não é válido. Confira se abriu o endereço inteiro que veio no e-mail.',
} as const;

/** The consent checkbox's text (the policy's name is a link to /privacidade). */
export const NEWSLETTER_CONSENT = {
  before: 'Aceito receber a newsletter do Ponte IIoT e li a ',
  link: 'Política de Privacidade',
  after: '.',
} as const;
