/**
 * E-mail that leaves (issue 37): what each e-mail is and where its delivery stands — the back office's "E-mails"
 * screen lists them, the server's mail module (src/server/main/mail/) writes them.
 */
import { defineListQuery } from './common';

export const MAIL_KINDS = ['convite', 'aprovacao-fabrica', 'newsletter', 'exclusao', 'alerta', 'webhook'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  convite: 'Convite',
  'aprovacao-fabrica': 'Aprovação da fábrica',
  newsletter: 'Newsletter',
  exclusao: 'Exclusão da conta',
  alerta: 'Alerta',
  webhook: 'Webhook',
};

/** 'na-fila': queued or waiting for a retry; 'enviado': the provider took it (demo: the demo mailbox); 'falhou'. */
export const MAIL_STATUSES = ['na-fila', 'enviado', 'falhou'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  'na-fila': 'Na fila',
  enviado: 'Enviado',
  falhou: 'Falhou',
};

/** One e-mail as the back office lists it. */
export interface MailRecord {
  id: string;
  store: 'mail' | 'newsletter';
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** When it was written (queued). */
  sentAt: Date;
  deliveredAt: Date | null;
}

/** The back office's list: newest first, filtered by status and kind, searched by address. */
export const mailListQuery = defineListQuery<'sentAt', { status: MailStatus; kind: MailKind }>({
  sortKeys: ['sentAt'],
  defaultSort: '-sentAt',
  filters: { status: MAIL_STATUSES, kind: MAIL_KINDS },
});
export type MailListQuery = ReturnType<typeof mailListQuery.parse>;
