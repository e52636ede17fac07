/**
 * The Termos de Uso (issue 38, item 4): the version in force, and what the account accepted.
 * No zod here: the landing's terms page imports this module and stays light.
 *
 * The company accepts the terms in force when it registers (`POST /assembler` records `TERMS_VERSION`, who and when:
 * migrations/0025_terms_acceptance.sql). When the terms change (a new `TERMS_VERSION`), an account that accepted an
 * older version is asked, in the portal, to accept the new one: `GET /account/terms` → `TermsStatus`;
 * `POST /account/terms { version }` (an Administrador) → `TermsStatus`. A version other than the one in force is
 * refused (400 at `version`, `TERMS_MESSAGES.outdated`): the page the person read was older.
 */

/** The version of the Termos de Uso in force (its date, "aaaa-mm-dd"): change it with the text (terms-content.ts). */
export const TERMS_VERSION = '2026-11-30';

export interface TermsStatus {
  /** The version in force. */
  version: string;
  /** The version the account accepted last; null: none recorded (an account older than the versioned terms). */
  acceptedVersion: string | null;
  acceptedAt: Date | null;
  /** Who accepted it (a name, as the team list shows it); null when unknown. */
  acceptedBy: string | null;
  /** The account must accept the version in force. */
  mustAccept: boolean;
}

export interface TermsAcceptanceInput {
  version: string;
}

/** "2026-11-30" → "30/11/2026". */
export function termsDateLabel(version: string): string {
  const [year, month, day] = version.split('-');
  return `${day}/${month}/${year}`;
}

export const TERMS_MESSAGES = {
  outdated: 'Os Termos de Uso foram atualizados. Recarregue a página e leia a versão atual antes de aceitar.',
  bannerTitle: 'Os Termos de Uso mudaram',
  bannerAdmin: (date: string) =>
    `Publicamos uma nova versão dos Termos de Uso, de ${date}. Leia o texto e aceite para continuar usando o portal em nome da empresa.`,
  bannerMember: (date: string) =>
    `Publicamos uma nova versão dos Termos de Uso, de ${date}. Um Administrador da conta precisa aceitá-la.`,
  read: 'Ler os Termos de Uso',
  accept: 'Aceitar',
  accepted: 'Termos de Uso aceitos. Obrigado!',
  failed: 'Não foi possível registrar o aceite dos Termos de Uso. Tente novamente.',
} as const;
