/**
 * Remote access (issue 25): a builder's engineer connects to ONE machine, for a reason and a time. The engineer asks
 * ("Conectar à máquina": Motivo, Duração, Serviços); an Administrador's request is approved at once, a Técnico's
 * too unless the account's policy requires an Administrador's approval; once approved the requester's browser makes
 * a WireGuard key pair (X25519 in Web Crypto) and sends only the PUBLIC key; the server answers what the page needs
 * to assemble the profile, and the window ("Acesso liberado até …") starts then. Every step is an event (Histórico).
 *
 * One contract for the dialog, the API (src/server/main/routes/remote-access) and, later, the demo backend. Records
 * are typed here as the API answers them: times as `{ seconds, nanos }`.
 */
import { z } from 'zod';
import { defineListQuery, type WireTime } from './common';
import { MAX_PORT, MAX_SERVICES, MIN_PORT, type ServiceProtocol } from './machine-model';
import { ROLE_LABELS, type TeamRole } from './team-roles';

/** A time as every API record carries it. */
export type ApiTimestamp = WireTime;

// ---- durations and the policy ----

/** "1 hora", "4 horas", "8 horas", "24 horas". */
export const REMOTE_ACCESS_DURATIONS = [1, 4, 8, 24] as const;
export type RemoteAccessDuration = (typeof REMOTE_ACCESS_DURATIONS)[number];

export function isRemoteAccessDuration(value: unknown): value is RemoteAccessDuration {
  return typeof value === 'number' && (REMOTE_ACCESS_DURATIONS as readonly number[]).includes(value);
}

export function durationLabel(hours: RemoteAccessDuration | number): string {
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

export const DURATION_MESSAGE = 'Escolha a duração: 1, 4, 8 ou 24 horas.';

const durationField = z
  .number({ error: DURATION_MESSAGE })
  .refine(isRemoteAccessDuration, { error: DURATION_MESSAGE })
  .transform((value) => value as RemoteAccessDuration);

/** The account's policy, as Configurações → "Acesso remoto" shows and edits it. */
export interface RemoteAccessPolicy {
  /** "Exigir aprovação de um Administrador" (for Técnico requests; an Administrador never needs one). */
  requireApproval: boolean;
  /** "Duração máxima": a request may not ask for more. */
  maxDurationHours: RemoteAccessDuration;
  version: number;
  /** null: never changed (the defaults). */
  updatedAt: ApiTimestamp | null;
}

export const DEFAULT_REMOTE_ACCESS_POLICY = { requireApproval: false, maxDurationHours: 24 } as const;

export const remoteAccessPolicyInputSchema = z.object({
  requireApproval: z.boolean({ error: 'Informe se a aprovação de um Administrador é exigida.' }),
  maxDurationHours: durationField,
});
export type RemoteAccessPolicyInput = z.output<typeof remoteAccessPolicyInputSchema>;

// ---- who may do what (the server enforces it; the page uses it to lock buttons) ----

/**
 * The policy table, role × action:
 * - request: Administrador → approved at once; Técnico → approved unless the policy requires approval (then
 *   pending); Leitura → refused.
 * - approve / refuse, set the policy: Administrador only.
 * - issue the profile: the requester only, once approved.
 * - end: Administrador any session; Técnico his own; Leitura none.
 * - read (Ativos, Solicitações, Histórico, the policy): everyone of the account.
 */
export function requestOutcome(role: TeamRole, policy: Pick<RemoteAccessPolicy, 'requireApproval'>): 'approved' | 'pending' | 'forbidden' {
  if (role === 'administrador') return 'approved';
  if (role === 'tecnico') return policy.requireApproval ? 'pending' : 'approved';
  return 'forbidden';
}

export function mayEndSession(role: TeamRole, isOwn: boolean): boolean {
  return role === 'administrador' || (role === 'tecnico' && isOwn);
}

// ---- the request ("Conectar à máquina") ----

export const MAX_REASON_LENGTH = 500;
export const REASON_MISSING = 'Informe o motivo do acesso.';
export const REASON_TOO_LONG = `O motivo pode ter no máximo ${MAX_REASON_LENGTH} caracteres.`;
export const SERVICES_MESSAGE = 'Escolha os serviços da máquina pelas suas portas (1 a 65535).';

const reasonField = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(MAX_REASON_LENGTH, { error: REASON_TOO_LONG });

export const remoteAccessRequestSchema = z.object({
  /** "Motivo*": why (shown in Solicitações and Histórico). */
  reason: reasonField(REASON_MISSING),
  /** "Duração*": hours, never more than the policy's maximum (the server answers 422 if it is). */
  durationHours: durationField,
  /**
   * "Serviços": the ports of the machine's services to reach (each is unique on a machine); absent or empty: all of
   * them. A port the machine does not expose is refused (422).
   */
  services: z
    .array(z.number({ error: SERVICES_MESSAGE }).int({ error: SERVICES_MESSAGE }).min(MIN_PORT, { error: SERVICES_MESSAGE }).max(MAX_PORT, { error: SERVICES_MESSAGE }), {
      error: SERVICES_MESSAGE,
    })
    .max(MAX_SERVICES, { error: SERVICES_MESSAGE })
    .optional(),
});
export type RemoteAccessRequestValues = z.input<typeof remoteAccessRequestSchema>;
export type RemoteAccessRequestInput = z.output<typeof remoteAccessRequestSchema>;

export const remoteAccessRefuseSchema = z.object({ reason: reasonField('Informe o motivo da recusa.') });
export type RemoteAccessRefuseInput = z.output<typeof remoteAccessRefuseSchema>;

export const remoteAccessEndSchema = z.object({
  reason: z.string().trim().max(MAX_REASON_LENGTH, { error: REASON_TOO_LONG }).default(''),
});
export type RemoteAccessEndInput = z.output<typeof remoteAccessEndSchema>;

// ---- the public key (made in the browser; the private key never leaves the page) ----

export const PUBLIC_KEY_MESSAGE = 'Chave pública inválida: envie a chave WireGuard em base64 (32 bytes).';

/** base64 of exactly 32 bytes (44 characters, one `=`), as WireGuard writes keys. */
export function isWireguardKey(value: string): boolean {
  if (!/^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/.test(value)) return false;
  try {
    return atob(value).length === 32;
  } catch {
    return false;
  }
}

export const remoteAccessProfileInputSchema = z.object({
  publicKey: z.string({ error: PUBLIC_KEY_MESSAGE }).trim().refine(isWireguardKey, { error: PUBLIC_KEY_MESSAGE }),
});
export type RemoteAccessProfileInput = z.output<typeof remoteAccessProfileInputSchema>;

// ---- the session ----

export const REMOTE_ACCESS_STATUSES = ['pending', 'approved', 'active', 'refused', 'ended', 'expired'] as const;
export type RemoteAccessStatus = (typeof REMOTE_ACCESS_STATUSES)[number];

export const REMOTE_ACCESS_STATUS_LABELS: Record<RemoteAccessStatus, string> = {
  pending: 'Aguardando aprovação',
  approved: 'Aprovado (perfil não baixado)',
  active: 'Ativo',
  refused: 'Recusado',
  ended: 'Encerrado',
  expired: 'Expirado',
};

/**
 * Whose approval a `pending` request waits for: an Administrador's (the policy, for a Técnico), then the factory's
 * (its customer has "Exigir aprovação da fábrica": a link e-mailed to the customer, src/contracts/factory-approval.ts).
 * null once decided.
 */
export const REMOTE_ACCESS_AWAITING = ['admin', 'factory'] as const;
export type RemoteAccessAwaiting = (typeof REMOTE_ACCESS_AWAITING)[number];

/** The status as a list shows it: "Aguardando aprovação", with "da fábrica" when the factory is the one awaited. */
export function sessionStatusLabel(session: { status: RemoteAccessStatus; awaiting: RemoteAccessAwaiting | null }): string {
  return session.status === 'pending' && session.awaiting === 'factory' ? 'Aguardando aprovação da fábrica' : REMOTE_ACCESS_STATUS_LABELS[session.status];
}

/** A window still open: waiting, approved, or running. */
export const OPEN_STATUSES = ['pending', 'approved', 'active'] as const satisfies readonly RemoteAccessStatus[];

/** An approved request whose profile is never downloaded (or one never decided) expires after this. */
export const REQUEST_TTL_HOURS = 24;

export interface RemoteAccessService {
  name: string;
  protocol: ServiceProtocol | string;
  port: number;
}

export interface RemoteAccessSessionRecord {
  id: string;
  machineId: string;
  /** As it was named when asked (the machine may be renamed or deleted since). */
  machineName: string;
  customerName: string | null;
  deviceId: string;
  requesterUid: string;
  requesterName: string;
  requesterEmail: string;
  reason: string;
  durationHours: RemoteAccessDuration;
  services: RemoteAccessService[];
  status: RemoteAccessStatus;
  /** `pending` only: an Administrador's approval or the factory's (null otherwise). */
  awaiting: RemoteAccessAwaiting | null;
  /** The machine's LAN (fixed when approved: later edits of the machine end the session instead). */
  lanSubnet: string;
  /**
   * The machine's tunnel subnet, fixed when the session was approved (the profile's `AllowedIPs`; the hub lets the
   * session reach only it, on the chosen services' ports); null until approved.
   */
  tunnelSubnet: string | null;
  /** The requester's address inside the VPN (the profile's `Address`, /32). */
  tunnelAddress: string;
  /** Set when the profile is issued (the window starts then); `windowEndsAt` is "até". */
  windowStartsAt: ApiTimestamp | null;
  windowEndsAt: ApiTimestamp | null;
  decidedByName: string | null;
  decidedAt: ApiTimestamp | null;
  refusalReason: string | null;
  endedByName: string | null;
  endedAt: ApiTimestamp | null;
  endReason: string | null;
  lastHandshakeAt: ApiTimestamp | null;
  /** The traffic the node reports for the engineer's peer (received from it, sent to it), in bytes. */
  bytesIn: number;
  bytesOut: number;
  version: number;
  createdAt: ApiTimestamp;
  updatedAt: ApiTimestamp;
}

/** `POST /machine/{id}/remote-access`'s answer: the session, and the open one it replaced (said plainly). */
export interface RemoteAccessRequestAnswer {
  session: RemoteAccessSessionRecord;
  replaced: { id: string; status: RemoteAccessStatus } | null;
  /** pt-BR, for the dialog: what happened ("Acesso aprovado…", "Aguardando aprovação…", "…substituída…"). */
  message: string;
}

/** What the browser needs to assemble the WireGuard file (its own private key goes into `[Interface]`). */
export interface RemoteAccessProfile {
  session: RemoteAccessSessionRecord;
  /** The grant, as fixed at approval: the tunnel subnet to open (`AllowedIPs`) and the machine's LAN it maps to. */
  tunnelSubnet: string;
  lanSubnet: string;
  interface: { address: string };
  peer: { publicKey: string; endpointHost: string; endpointPort: number; allowedIps: string[]; persistentKeepalive: number };
  services: RemoteAccessService[];
  /** "Acesso liberado até {data e hora}". */
  validUntil: ApiTimestamp;
  /** A suggested file name: the machine's name, `.conf`. */
  fileName: string;
}

// ---- events (Histórico) ----

export const REMOTE_ACCESS_EVENT_KINDS = [
  'requested',
  'approved',
  'refused',
  'factory-approved',
  'factory-refused',
  'profile-downloaded',
  'connected',
  'ended',
  'expired',
  // A customer's "Exigir aprovação da fábrica" or approval e-mail changed (no session: the reason names the customer).
  'factory-approval-changed',
] as const;
export type RemoteAccessEventKind = (typeof REMOTE_ACCESS_EVENT_KINDS)[number];

export const REMOTE_ACCESS_EVENT_LABELS: Record<RemoteAccessEventKind, string> = {
  requested: 'Solicitado',
  approved: 'Aprovado',
  refused: 'Recusado',
  'factory-approved': 'Aprovado pela fábrica',
  'factory-refused': 'Recusado pela fábrica',
  'profile-downloaded': 'Perfil baixado',
  connected: 'Conectado',
  ended: 'Encerrado',
  expired: 'Expirado',
  'factory-approval-changed': 'Aprovação da fábrica alterada',
};

export interface RemoteAccessEventRecord {
  id: string;
  sessionId: string;
  kind: RemoteAccessEventKind;
  machineId: string;
  machineName: string;
  /** Whose access it is. */
  requesterUid: string;
  requesterName: string;
  /** Who did it (null: the system — an expiry, the node's handshake). */
  actorUid: string | null;
  actorName: string | null;
  /** Why (the request's reason, a refusal's, an end's), '' when none. */
  reason: string;
  occurredAt: ApiTimestamp;
}

// ---- lists ----

/** Sessions: `status=active` (Ativos), `status=pending` (Solicitações); `machine` and `person` (requester uid). */
export const remoteAccessSessionListQuery = defineListQuery<'createdAt' | 'windowEndsAt', { status: RemoteAccessStatus | 'open'; machine: string; person: string }>({
  sortKeys: ['createdAt', 'windowEndsAt'],
  defaultSort: '-createdAt',
  filters: { status: [...REMOTE_ACCESS_STATUSES, 'open'], machine: 'any', person: 'any' },
});
export type RemoteAccessSessionListQuery = ReturnType<typeof remoteAccessSessionListQuery.parse>;

/** Histórico's "Período": the last N days (absent: every event). */
export const REMOTE_ACCESS_PERIODS = ['1', '7', '30', '90'] as const;
export type RemoteAccessPeriod = (typeof REMOTE_ACCESS_PERIODS)[number];

/** Histórico: newest first; `machine`, `person` (the requester's uid), `kind` and `days` (the last 1, 7, 30 or 90). */
export const remoteAccessEventListQuery = defineListQuery<
  'occurredAt',
  { machine: string; person: string; kind: RemoteAccessEventKind; days: RemoteAccessPeriod }
>({
  sortKeys: ['occurredAt'],
  defaultSort: '-occurredAt',
  filters: { machine: 'any', person: 'any', kind: REMOTE_ACCESS_EVENT_KINDS, days: REMOTE_ACCESS_PERIODS },
});

// ---- the back office (staff): every builder's active sessions, VPN → "Sessões" ----

/** An active session as the back office lists it: with its builder's name. */
export interface BackofficeRemoteAccessSessionRecord extends RemoteAccessSessionRecord {
  ownerName: string;
}

/** Searched by builder, person or machine; the window's end first (`windowEndsAt`) or the newest (`-createdAt`). */
export const backofficeRemoteAccessSessionListQuery = defineListQuery<'windowEndsAt' | 'createdAt'>({
  sortKeys: ['windowEndsAt', 'createdAt'],
  defaultSort: 'windowEndsAt',
});
export type BackofficeRemoteAccessSessionListQuery = ReturnType<typeof backofficeRemoteAccessSessionListQuery.parse>;

/** Staff end a session with a reason (it goes to the builder's Histórico). */
export const backofficeRemoteAccessEndSchema = z.object({ reason: reasonField('Informe o motivo do encerramento.') });
export type BackofficeRemoteAccessEndInput = z.output<typeof backofficeRemoteAccessEndSchema>;
export type RemoteAccessEventListQuery = ReturnType<typeof remoteAccessEventListQuery.parse>;

// ---- messages the server answers ----

export const REMOTE_ACCESS_MESSAGES = {
  sessionNotFound: 'Sessão de acesso remoto não encontrada.',
  machineNotFound: 'Máquina não encontrada.',
  noGateway: 'Esta máquina não tem gateway instalado: instale um gateway para acessá-la remotamente.',
  noLanSubnet: 'Informe a "Sub-rede (CIDR)" da máquina antes de conectar: o acesso só alcança a rede da máquina.',
  noServices: 'Esta máquina não tem serviços cadastrados: cadastre ao menos um serviço antes de conectar.',
  unknownService: (port: number) => `A máquina não tem serviço na porta ${port}.`,
  overMaximum: (max: number) => `A duração máxima permitida pela conta é de ${durationLabel(max)}.`,
  notPending: 'Esta solicitação não está aguardando aprovação.',
  notRequester: 'Só quem pediu o acesso pode baixar o perfil.',
  notApproved: 'O perfil só pode ser gerado para um acesso aprovado.',
  notOpen: 'Esta sessão já foi encerrada.',
  endOthersForbidden: 'Seu perfil (Técnico) só permite encerrar os próprios acessos.',
  approved: (until: string) => `Acesso aprovado. Baixe o perfil WireGuard: a janela de ${until} começa quando o perfil é gerado.`,
  pending: 'Solicitação enviada. Aguardando aprovação de um Administrador.',
  pendingFactory: (customer: string, email: string) =>
    `Solicitação enviada. Aguardando aprovação da fábrica: ${customer} recebeu em ${email} o link para autorizar o acesso.`,
  pendingAdminThenFactory: (customer: string) =>
    `Solicitação enviada. Aguardando aprovação de um Administrador; depois, a da fábrica (${customer}), por e-mail.`,
  awaitingFactory: (customer: string) => `Esta solicitação aguarda a aprovação da fábrica (${customer}), pelo link enviado ao e-mail do cliente.`,
  customerNoEmail: (customer: string) =>
    `O cliente ${customer} exige a aprovação da fábrica, mas não tem e-mail cadastrado: informe o e-mail do cliente para pedir o acesso.`,
  approvedThenFactory: (customer: string) => `Aprovado pelo Administrador; aguardando a aprovação da fábrica (${customer}).`,
  replaced: 'Você já tinha um acesso aberto a esta máquina: ele foi encerrado e substituído por este.',
  replacedReason: (id: string) => `Substituído pela solicitação ${id}.`,
  /** 409 `no-tunnel`: the machine has a LAN but no tunnel subnet (a record older than issue 34). */
  noTunnel: 'Esta máquina ainda não tem endereço pelo túnel: abra a máquina, confira a "Sub-rede (CIDR)" e salve para reservar um.',
  /** 409 `tunnel-address-in-use`: another open session holds the same address in the VPN (never two at once). */
  tunnelAddressInUse: 'O endereço no túnel desta solicitação está em uso por outra sessão aberta: peça o acesso de novo.',
  /** Why an edit of the machine ended its open sessions (Histórico, "Encerrado"). */
  machineChanged: 'A rede, os serviços ou o gateway da máquina mudaram.',
  machineDeleted: 'A máquina foi excluída.',
  gatewayMoved: 'O gateway da máquina foi instalado em outra máquina.',
} as const;

/** Why a request was approved as it was made (its `approved` event's reason). */
export function autoApprovalReason(role: TeamRole): string {
  return role === 'administrador' ? 'Aprovado automaticamente (Administrador).' : 'Aprovado automaticamente (a política não exige aprovação).';
}

/** What the answer to "Gerar acesso" says: approved for how long, or whose approval it waits for; and a replaced window. */
export function requestAnswerMessage(answer: {
  status: RemoteAccessStatus;
  awaiting: RemoteAccessAwaiting | null;
  factory: { name: string; email: string } | null;
  durationHours: number;
  replaced: boolean;
}): string {
  const M = REMOTE_ACCESS_MESSAGES;
  const said =
    answer.status === 'approved'
      ? M.approved(durationLabel(answer.durationHours))
      : answer.awaiting === 'factory' && answer.factory
        ? M.pendingFactory(answer.factory.name, answer.factory.email)
        : answer.factory
          ? M.pendingAdminThenFactory(answer.factory.name)
          : M.pending;
  return [said, answer.replaced ? M.replaced : ''].filter(Boolean).join(' ');
}

/** The refusal of what only an Administrador does (approve, refuse, the policy): access `remote-admin`. */
export function remoteAdminForbiddenMessage(role: TeamRole): string {
  return `Seu perfil (${ROLE_LABELS[role]}) não permite aprovar acessos remotos nem alterar a sua política.`;
}
