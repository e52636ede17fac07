/**
 * Configurações → "Privacidade e dados" (LGPD, issue #26): the account's data export (`POST /account/export`, a ZIP
 * with `dados.json` and a CSV per list) and the account's deletion (`POST /account/deletion`, typed confirmation
 * with the company's name). One contract for the section, the main API and the unit tests' fake API; the texts
 * agree with the Política de Privacidade (src/app/areas/landing/legal/privacy-content.ts).
 */
import { z } from 'zod';
import { DAY_MS } from './validators/days';

/** Every later request of the account's people is refused (403, code `account-deleted`) with this. */
export { ACCOUNT_DELETED_CODE, ACCOUNT_DELETED_MESSAGE } from './account-deleted';

/** Years orders are kept after the deletion (fiscal records: CTN art. 173/174, five years). */
export const FISCAL_RETENTION_YEARS = 5;

export const EXPORT_RUNNING_MESSAGE = 'Uma exportação dos dados desta conta já está em andamento. Aguarde o arquivo.';
export const DELETION_NAME_MISMATCH = 'O nome digitado não confere com o nome da empresa.';

/** The files of the archive (the section lists them) and the lists they hold. */
export const EXPORT_FILES = [
  { file: 'dados.json', label: 'todos os dados, em JSON' },
  { file: 'empresa.csv', label: 'empresa' },
  { file: 'equipe.csv', label: 'equipe' },
  { file: 'convites.csv', label: 'convites' },
  { file: 'clientes.csv', label: 'clientes' },
  { file: 'modelos-de-maquina.csv', label: 'modelos de máquina' },
  { file: 'maquinas.csv', label: 'máquinas' },
  { file: 'gateways.csv', label: 'gateways' },
  { file: 'enderecos.csv', label: 'endereços' },
  { file: 'pedidos.csv', label: 'pedidos' },
  { file: 'itens-dos-pedidos.csv', label: 'itens dos pedidos' },
  { file: 'pagamentos.csv', label: 'pagamentos (só os 4 últimos dígitos do cartão)' },
  { file: 'acessos-remotos.csv', label: 'acessos remotos' },
  { file: 'eventos-de-acesso-remoto.csv', label: 'eventos de acesso remoto' },
  { file: 'historico-de-acesso.csv', label: 'histórico de acesso às máquinas' },
  { file: 'usuarios-vpn.csv', label: 'usuários da VPN' },
  { file: 'regras-de-alerta.csv', label: 'regras de alerta' },
  { file: 'webhooks.csv', label: 'webhooks (sem o segredo)' },
  { file: 'notificacoes.csv', label: 'notificações' },
] as const;

/** `ponte-iiot-dados-2026-11-29.zip` (the day in Brasília). */
export function exportFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `ponte-iiot-dados-${day}.zip`;
}

/** Days between "Excluir conta" and the erasure: any Administrador may cancel meanwhile. */
export const DELETION_GRACE_DAYS = 14;
export const DELETION_GRACE_MS = DELETION_GRACE_DAYS * DAY_MS;

/** Deleting asks for a sign-in this recent (the ID token's `auth_time`); else 403 with this code and message. */
export const RECENT_SIGN_IN_MINUTES = 5;
export const RECENT_SIGN_IN_CODE = 'recent-sign-in-required';
export const RECENT_SIGN_IN_MESSAGE = 'Por segurança, confirme sua senha (entre novamente) para excluir a conta.';

export const DELETION_NOT_SCHEDULED = 'Nenhuma exclusão agendada para esta conta.';

/** "29/11/2026": the erasure's day in Brasília (the portal and the e-mails say it alike). */
export function deletionDay(eraseAt: Date | number): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(eraseAt),
  );
}

/** The portal's line while the erasure waits. */
export const deletionScheduledText = (eraseAt: Date | number) => `Exclusão agendada para ${deletionDay(eraseAt)}`;

/** `GET /account/deletion` (and `POST`'s answer): the scheduled erasure, if any. */
export interface AccountDeletionSchedule {
  requestedAt: Date;
  eraseAt: Date;
  /** Who asked (a name, as the team list shows it). */
  requestedBy: string;
}

/** What happens when the account is deleted: said in the dialog before confirming. */
export const DELETION_CONSEQUENCES = [
  `A exclusão fica agendada por ${DELETION_GRACE_DAYS} dias: cada Administrador recebe um e-mail e qualquer um deles pode cancelá-la até lá.`,
  'Passado esse prazo, o acesso de todas as pessoas da equipe termina, inclusive o seu.',
  'Os dados pessoais, de clientes, máquinas, gateways, endereços, convites e acessos remotos são apagados.',
  `Os pedidos ficam guardados por ${FISCAL_RETENTION_YEARS} anos, o prazo da guarda fiscal, com nomes, e-mails e endereços anonimizados.`,
  'Os gateways deixam de ser atendidos pela VPN e os acessos remotos abertos são encerrados.',
  'Os registros de acesso (data, hora e IP) ficam 6 meses, como pede o Marco Civil da Internet, sem nome nem e-mail.',
  'Depois da exclusão, não é possível desfazer.',
] as const;

/** Names compared as typed, bar the spaces around and repeated inside (case and accents count). */
export const normalizeCompanyName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** `POST /account/deletion`: the company's name, typed exactly. */
export const accountDeletionSchema = z.object({
  companyName: z.string({ error: 'Digite o nome da empresa.' }).trim().min(1, { error: 'Digite o nome da empresa.' }).max(200),
});
export type AccountDeletionInput = z.output<typeof accountDeletionSchema>;
