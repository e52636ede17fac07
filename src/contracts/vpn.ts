/**
 * The VPN backend's resources, for the back office (staff only): VPN users (people who connect, with an expiry and
 * the machines they may reach), VPN nodes (the gateways the VPN reaches, with their VPN address and last handshake)
 * and VPN routes (the networks behind a node). One contract for the forms, the API slice and the demo backend.
 */
import { z } from 'zod';
import { defineListQuery, MAX_NAME_LENGTH, optionalText, requiredText } from './common';
import { DAY_MS } from './validators/days';
import { cidrProblem, cidrsOverlap, emailProblem } from './validators/fields';

// ---- users ----

export const VPN_USER_STATUSES = ['ativo', 'desativado', 'expirado'] as const;
export type VpnUserStatus = (typeof VPN_USER_STATUSES)[number];

export const VPN_USER_STATUS_LABELS: Record<VpnUserStatus, string> = {
  ativo: 'Ativo',
  desativado: 'Desativado',
  expirado: 'Expirado',
};

/** Users whose access ends within this many days are flagged ("Expira em 3 dias"). */
export const VPN_EXPIRING_SOON_DAYS = 7;

/** Turned off by hand wins over expired; an expiry at or before `now` is expired. */
export function vpnUserStatus(user: { enabled: boolean; expiresAt: Date | number | null }, now: number): VpnUserStatus {
  if (!user.enabled) return 'desativado';
  if (user.expiresAt !== null && new Date(user.expiresAt).getTime() <= now) return 'expirado';
  return 'ativo';
}

/** A machine a VPN user may reach, as the VPN backend names it (and the builder that owns it). */
export interface VpnUserMachine {
  id: string;
  name: string;
  serialNumber: string;
  ownerName: string | null;
}

export interface VpnUser {
  id: string;
  name: string;
  email: string;
  /** Turned on or off by staff; an enabled user may still be expired (see `status`). */
  enabled: boolean;
  /** null: no expiry (valid until disabled). */
  expiresAt: Date | null;
  /** As the server computed it when answering. */
  status: VpnUserStatus;
  /** The client's address inside the VPN. */
  vpnAddress: string;
  machineIds: string[];
  machines: VpnUserMachine[];
  /** The builder whose machines the user reaches (null while it reaches none). */
  ownerName: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const VPN_USER_NAME_REQUIRED = 'Informe o nome.';
export const VPN_EXPIRY_REQUIRED = 'Informe a data de expiração ou marque "Sem expiração".';
export const VPN_EXPIRY_INVALID = 'Data de expiração inválida.';
export const VPN_EXPIRY_PAST = 'A data de expiração deve ser futura.';
/** What the "Sem expiração" confirmation says. */
export const VPN_NO_EXPIRY_WARNING = 'Acesso sem expiração fica válido até ser desativado manualmente.';
export const MAX_VPN_USER_MACHINES = 50;
export const VPN_MACHINE_GONE_MESSAGE = 'Uma das máquinas escolhidas não existe mais.';
export const VPN_MACHINES_ONE_OWNER_MESSAGE = 'As máquinas de um usuário VPN devem ser da mesma montadora.';
export const VPN_USER_DUPLICATE_EMAIL = 'Já existe um usuário VPN com este e-mail.';

/** "Acesso expirado em 19/11/2026. Renove a validade para baixar a configuração." (403 of the config download). */
export function vpnUserExpiredMessage(expiredOn: string): string {
  return `Acesso expirado em ${expiredOn}. Renove a validade para baixar a configuração.`;
}
export const VPN_USER_DISABLED_MESSAGE = 'Este usuário VPN está desativado. Ative-o para baixar a configuração.';
export const VPN_USER_EXPIRED_CODE = 'vpn-user-expired';
export const VPN_USER_DISABLED_CODE = 'vpn-user-disabled';

const requiredEmail = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.toLowerCase());

const machineIdsField = z
  .array(z.string().trim().min(1).max(MAX_NAME_LENGTH), { error: 'Escolha as máquinas.' })
  .max(MAX_VPN_USER_MACHINES, { error: `Escolha no máximo ${MAX_VPN_USER_MACHINES} máquinas.` })
  .default([])
  .transform((ids) => [...new Set(ids)]);

/**
 * The API's create and update body: `expiresAt` is an ISO instant in the future, or null for no expiry. It must
 * be sent either way (time-bound access is the default: leaving it out is refused).
 */
export const vpnUserInputSchema = z.object({
  name: requiredText(VPN_USER_NAME_REQUIRED),
  email: requiredEmail,
  expiresAt: z
    .string({ error: VPN_EXPIRY_REQUIRED })
    .nullable()
    .superRefine((value, ctx) => {
      if (value === null) return;
      const ms = Date.parse(value);
      if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message: VPN_EXPIRY_INVALID });
      else if (ms <= Date.now()) ctx.addIssue({ code: 'custom', message: VPN_EXPIRY_PAST });
    })
    .transform((value) => (value === null ? null : new Date(value).toISOString())),
  machineIds: machineIdsField,
});

export type VpnUserInput = z.output<typeof vpnUserInputSchema>;

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The last instant of a `YYYY-MM-DD` day in the local time zone (the access is valid through that day); null if not a date. */
export function endOfLocalDay(value: string): Date | null {
  const match = DATE_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day, 23, 59, 59, 999);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A date as a date input holds it (`YYYY-MM-DD`, local time zone). */
export function toDateInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Calendar days from `now` to `date` in the local time zone (0: today, 1: tomorrow; negative: past). */
export function calendarDaysUntil(date: Date | number, now: Date | number): number {
  const start = new Date(now);
  const end = new Date(date);
  const a = Date.UTC(start.getFullYear(), start.getMonth(), start.getDate());
  const b = Date.UTC(end.getFullYear(), end.getMonth(), end.getDate());
  return Math.round((b - a) / DAY_MS);
}

/** "Expira hoje", "Expira em 1 dia", "Expira em 5 dias" for an active user expiring within 7 days; null otherwise. */
export function vpnExpiringSoonLabel(user: Pick<VpnUser, 'enabled' | 'expiresAt'>, now: number): string | null {
  if (!user.expiresAt || vpnUserStatus(user, now) !== 'ativo') return null;
  if (user.expiresAt.getTime() - now > VPN_EXPIRING_SOON_DAYS * DAY_MS) return null;
  const days = Math.max(0, calendarDaysUntil(user.expiresAt, now));
  if (days === 0) return 'Expira hoje';
  return days === 1 ? 'Expira em 1 dia' : `Expira em ${days} dias`;
}

/**
 * The form: "Expira em" is a date (`YYYY-MM-DD`), required unless "Sem expiração" is ticked. Its output is the
 * API's input (the end of that day as an instant, or null).
 */
export const vpnUserFormSchema = z
  .object({
    name: requiredText(VPN_USER_NAME_REQUIRED),
    email: requiredEmail,
    expiresAt: z.string().default(''),
    noExpiry: z.boolean().default(false),
    machineIds: machineIdsField,
  })
  .superRefine((values, ctx) => {
    if (values.noExpiry) return;
    if (values.expiresAt.trim() === '') {
      ctx.addIssue({ code: 'custom', message: VPN_EXPIRY_REQUIRED, path: ['expiresAt'] });
      return;
    }
    const end = endOfLocalDay(values.expiresAt);
    if (!end) ctx.addIssue({ code: 'custom', message: VPN_EXPIRY_INVALID, path: ['expiresAt'] });
    else if (end.getTime() <= Date.now()) ctx.addIssue({ code: 'custom', message: VPN_EXPIRY_PAST, path: ['expiresAt'] });
  })
  .transform(
    (values): VpnUserInput => ({
      name: values.name,
      email: values.email,
      expiresAt: values.noExpiry ? null : (endOfLocalDay(values.expiresAt)?.toISOString() ?? null),
      machineIds: values.machineIds,
    }),
  );

export type VpnUserFormValues = z.input<typeof vpnUserFormSchema>;

export type VpnUserSortKey = 'name' | 'email' | 'expiresAt' | 'createdAt';

export const vpnUserListQuery = defineListQuery<VpnUserSortKey, { status: VpnUserStatus }>({
  sortKeys: ['name', 'email', 'expiresAt', 'createdAt'],
  defaultSort: 'name',
  filters: { status: VPN_USER_STATUSES },
});

export type VpnUserListQuery = ReturnType<typeof vpnUserListQuery.parse>;

/** `usuario-vpn-carlos-henrique-prado.conf`: the configuration file's name. */
export function vpnUserConfigFileName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `vpn-${slug || 'usuario'}.conf`;
}

// ---- the machines staff picks from (main API: GET /backoffice/machine?q=) ----

/** A machine of any builder, as the back office picks it for a VPN user. */
export interface BackofficeMachine {
  id: string;
  name: string;
  serialNumber: string;
  ownerName: string;
}

/** `GET /backoffice/machine?q=&sort=name|ownerName&page=&perPage=`: searched by name, serial number or builder. */
export const backofficeMachineListQuery = defineListQuery<'name' | 'ownerName'>({
  sortKeys: ['name', 'ownerName'],
  defaultSort: 'name',
});

// ---- nodes ----

export const VPN_NODE_STATUSES = ['online', 'offline'] as const;
export type VpnNodeStatus = (typeof VPN_NODE_STATUSES)[number];

export interface VpnNode {
  id: string;
  name: string;
  /** The gateway behind the node. */
  deviceId: string;
  deviceSerialNumber: string;
  vpnAddress: string;
  online: boolean;
  /** null: never completed a handshake. */
  lastHandshakeAt: Date | null;
  /** Routes of the node (enabled or not). */
  routeCount: number;
  ownerName: string | null;
  version: number;
  updatedAt: Date;
}

export const vpnNodeListQuery = defineListQuery<'name' | 'vpnAddress' | 'lastHandshakeAt', { status: VpnNodeStatus }>({
  sortKeys: ['name', 'vpnAddress', 'lastHandshakeAt'],
  defaultSort: 'name',
  filters: { status: VPN_NODE_STATUSES },
});

export type VpnNodeListQuery = ReturnType<typeof vpnNodeListQuery.parse>;

// ---- routes ----

export const VPN_ROUTE_STATUSES = ['ativa', 'desativada'] as const;
export type VpnRouteStatus = (typeof VPN_ROUTE_STATUSES)[number];

export interface VpnRoute {
  id: string;
  nodeId: string;
  nodeName: string;
  /** IPv4 CIDR, no host bits. */
  network: string;
  description: string;
  enabled: boolean;
  version: number;
  updatedAt: Date;
}

export const VPN_NETWORK_INVALID = 'Rede inválida.';
export const VPN_NETWORK_REQUIRED = 'Informe a rede (CIDR), ex.: 192.168.10.0/24.';
export const VPN_ROUTE_OVERLAP = 'Esta rede se sobrepõe a outra rota deste nó.';
export const VPN_ROUTE_OVERLAP_CODE = 'route-overlap';
export const VPN_NODE_GONE_MESSAGE = 'O nó escolhido não existe mais.';

/** `010.1.0.0/16` → `10.1.0.0/16` (a valid CIDR, see cidrProblem). */
export function normalizeCidr(value: string): string {
  const [ip = '', bits = ''] = value.trim().split('/');
  return `${ip
    .split('.')
    .map((octet) => String(Number(octet)))
    .join('.')}/${Number(bits)}`;
}

/** The first of `others` (valid CIDRs) that shares an address with `network`; null when none does. */
export function overlappingNetwork(network: string, others: readonly string[]): string | null {
  if (cidrProblem(network) !== null) return null;
  return others.find((other) => cidrProblem(other) === null && cidrsOverlap(network, other)) ?? null;
}

export const vpnRouteInputSchema = z.object({
  nodeId: requiredText('Escolha o nó.', MAX_NAME_LENGTH),
  network: z
    .string({ error: VPN_NETWORK_REQUIRED })
    .trim()
    .min(1, { error: VPN_NETWORK_REQUIRED })
    .refine((value) => value === '' || cidrProblem(value) === null, { error: VPN_NETWORK_INVALID })
    .transform(normalizeCidr),
  description: optionalText(200),
});

export type VpnRouteFormValues = z.input<typeof vpnRouteInputSchema>;
export type VpnRouteInput = z.output<typeof vpnRouteInputSchema>;

export const vpnRouteListQuery = defineListQuery<'network' | 'nodeName' | 'description', { node: string; status: VpnRouteStatus }>({
  sortKeys: ['network', 'nodeName', 'description'],
  defaultSort: 'nodeName',
  filters: { node: 'any', status: VPN_ROUTE_STATUSES },
});

export type VpnRouteListQuery = ReturnType<typeof vpnRouteListQuery.parse>;
