/**
 * The audit log (issue 37, item 5): Configurações → "Registro de auditoria" (Administrador; Leitura reads it) and the
 * back office's "Auditoria" (every account's). Each entry says who changed what, when, from which address, and the
 * changed fields before and after (never a secret). The kinds are a fixed list; each has its pt-BR label here.
 */
import { defineListQuery } from './common';

/** Every kind of change the log records, in the order the "Tipo" filter offers them. */
export const AUDIT_KINDS = [
  'team.invite',
  'team.invite-resend',
  'team.invite-revoke',
  'team.role',
  'team.remove',
  'policy.remote-access',
  'customer.approval',
  'machine.network',
  'machine.services',
  'gateway.create',
  'gateway.update',
  'gateway.delete',
  'gateway.install',
  'alert-rule.create',
  'alert-rule.update',
  'alert-rule.delete',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'account.export',
  'account.deletion-request',
  'account.deletion-cancel',
  'staff.grant',
  'staff.revoke',
  'product.create',
  'product.update',
  'product.delete',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'team.invite': 'Convite enviado',
  'team.invite-resend': 'Convite reenviado',
  'team.invite-revoke': 'Convite revogado',
  'team.role': 'Perfil alterado',
  'team.remove': 'Membro removido',
  'policy.remote-access': 'Política de acesso remoto alterada',
  'customer.approval': 'Aprovação da fábrica alterada',
  'machine.network': 'Rede da máquina alterada',
  'machine.services': 'Serviços da máquina alterados',
  'gateway.create': 'Gateway vinculado à conta',
  'gateway.update': 'Gateway renomeado',
  'gateway.delete': 'Gateway retirado',
  'gateway.install': 'Gateway instalado ou removido da máquina',
  'alert-rule.create': 'Regra de alerta criada',
  'alert-rule.update': 'Regra de alerta alterada',
  'alert-rule.delete': 'Regra de alerta excluída',
  'webhook.create': 'Webhook criado',
  'webhook.update': 'Webhook alterado',
  'webhook.delete': 'Webhook excluído',
  'account.export': 'Dados exportados',
  'account.deletion-request': 'Exclusão da conta solicitada',
  'account.deletion-cancel': 'Exclusão cancelada',
  'staff.grant': 'Acesso à equipe interna concedido',
  'staff.revoke': 'Acesso à equipe interna revogado',
  'product.create': 'Produto criado no catálogo',
  'product.update': 'Produto do catálogo alterado',
  'product.delete': 'Produto excluído do catálogo',
};

/** What an entry's change was made to. */
export const AUDIT_TARGET_KINDS = [
  'member',
  'invitation',
  'policy',
  'customer',
  'machine',
  'gateway',
  'alert-rule',
  'webhook',
  'account',
  'staff',
  'product',
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

export const AUDIT_TARGET_LABELS: Record<AuditTargetKind, string> = {
  member: 'Pessoa',
  invitation: 'Convite',
  policy: 'Política',
  customer: 'Cliente',
  machine: 'Máquina',
  gateway: 'Gateway',
  'alert-rule': 'Regra de alerta',
  webhook: 'Webhook',
  account: 'Conta',
  staff: 'Equipe interna',
  product: 'Produto',
};

/** What a Técnico is told at the screen (the API answers 403 to the role). */
export const AUDIT_FORBIDDEN_MESSAGE = 'Seu perfil (Técnico) não permite ver o registro de auditoria.';

/** How long an entry is kept: 5 years (then the daily job deletes it). */
export const AUDIT_RETENTION_DAYS = 5 * 365 + 1;

/** The "Período" filter: the last 1, 7, 30, 90 or 365 days. */
export const AUDIT_PERIODS = ['1', '7', '30', '90', '365'] as const;
export type AuditPeriod = (typeof AUDIT_PERIODS)[number];

export const AUDIT_PERIOD_LABELS: Record<AuditPeriod, string> = {
  '1': 'Últimas 24 horas',
  '7': 'Últimos 7 dias',
  '30': 'Últimos 30 dias',
  '90': 'Últimos 90 dias',
  '365': 'Últimos 12 meses',
};

/** A day as the `from`/`to` filters take it (inclusive, Brasília's calendar): `2026-11-28`. */
export const AUDIT_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A changed field's value as the log keeps it (JSON). */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };
export type AuditFields = Record<string, AuditValue>;

/** One entry, as the API answers it. */
export interface AuditEntry {
  id: string;
  actorUid: string;
  actorName: string;
  actorEmail: string;
  /** A person of the Ponte team made the change (the back office, or staff acting on the account). */
  actorStaff: boolean;
  /** The client's address ('' when unknown). */
  ip: string;
  kind: AuditKind;
  targetKind: AuditTargetKind;
  targetId: string;
  targetLabel: string;
  /** The changed fields before (null: the record did not exist yet, or nothing to show). */
  before: AuditFields | null;
  /** The changed fields after (null: the record is gone, or nothing to show). */
  after: AuditFields | null;
  createdAt: Date;
}

/** The back office's entry: with its account's name. */
export interface BackofficeAuditEntry extends AuditEntry {
  /** The account the change belongs to, and its company's name. */
  accountUid: string;
  accountName: string;
}

/** Who appears in the account's log (the "Pessoa" filter). */
export interface AuditPerson {
  value: string;
  label: string;
}

/** The portal's list: newest first; `person` (actor uid), `kind`, `days`, `from`/`to` (YYYY-MM-DD, Brasília). */
export const auditListQuery = defineListQuery<'createdAt', { person: string; kind: AuditKind; days: AuditPeriod; from: string; to: string }>({
  sortKeys: ['createdAt'],
  defaultSort: '-createdAt',
  filters: { person: 'any', kind: AUDIT_KINDS, days: AUDIT_PERIODS, from: 'any', to: 'any' },
});
export type AuditListQuery = ReturnType<typeof auditListQuery.parse>;

/** The back office's list: the same filters and `account` (the account's uid). */
export const backofficeAuditListQuery = defineListQuery<
  'createdAt',
  { account: string; person: string; kind: AuditKind; days: AuditPeriod; from: string; to: string }
>({
  sortKeys: ['createdAt'],
  defaultSort: '-createdAt',
  filters: { account: 'any', person: 'any', kind: AUDIT_KINDS, days: AUDIT_PERIODS, from: 'any', to: 'any' },
});
export type BackofficeAuditListQuery = ReturnType<typeof backofficeAuditListQuery.parse>;

/** The "Detalhes" of an entry: `campo: antes → depois`, one per changed field. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): { field: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => ({
    field: AUDIT_FIELD_LABELS[field] ?? field,
    before: auditValueText(entry.before ? entry.before[field] : undefined),
    after: auditValueText(entry.after ? entry.after[field] : undefined),
  }));
}

/** Field names as the screens say them. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  email: 'E-mail',
  role: 'Perfil',
  status: 'Situação',
  expiresAt: 'Válido até',
  name: 'Nome',
  requireApproval: 'Exigir aprovação de um Administrador',
  maxDurationHours: 'Duração máxima (horas)',
  requireFactoryApproval: 'Exigir aprovação da fábrica',
  lanSubnet: 'Sub-rede (CIDR)',
  tunnelSubnet: 'Endereço pelo túnel',
  deviceId: 'Gateway',
  services: 'Serviços',
  machineId: 'Máquina',
  machineName: 'Máquina',
  gateway: 'Gateway',
  file: 'Arquivo',
  serialNumber: 'Número de série',
  eraseAt: 'Exclusão em',
  url: 'URL',
  events: 'Eventos',
  enabled: 'Ativo',
  channels: 'Canais',
  recipients: 'Destinatários',
};

const ROLE_WORDS: Record<string, string> = { administrador: 'Administrador', tecnico: 'Técnico', leitura: 'Leitura' };

/** A value as the "Detalhes" column shows it: '—' for none, "Sim"/"Não", lists joined. */
export function auditValueText(value: AuditValue | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return ROLE_WORDS[value] ?? value;
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => auditValueText(item)).join(', ');
  return Object.entries(value)
    .map(([key, item]) => `${key} ${auditValueText(item)}`)
    .join(' ');
}
