/**
 * The team's roles and what each may do, without zod: the portal's shell and the registry's gates read them on every
 * signed-in screen (src/contracts/team.ts has the schemas and re-exports all of this).
 *
 * - Administrador: everything (purchases and the team included).
 * - Técnico: the fleet and its connections; no purchases (orders, checkout, delivery addresses) and no team.
 * - Leitura: sees everything, changes nothing (only its own profile, and accepting an invitation).
 */
export const TEAM_ROLES = ['administrador', 'tecnico', 'leitura'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const ROLE_LABELS: Record<TeamRole, string> = {
  administrador: 'Administrador',
  tecnico: 'Técnico',
  leitura: 'Leitura',
};

export const ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  administrador: 'Tudo, inclusive compras e a equipe.',
  tecnico: 'Frota e conexões; sem compras e sem equipe.',
  leitura: 'Vê tudo, não altera nada.',
};

export const INVITATION_STATUSES = ['pendente', 'aceito', 'revogado', 'expirado'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pendente: 'Pendente',
  aceito: 'Aceito',
  revogado: 'Revogado',
  expirado: 'Expirado',
};

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const TEAM_MESSAGES = {
  alreadyMember: 'Este e-mail já faz parte da equipe.',
  alreadyInvited: 'Já existe um convite pendente para este e-mail.',
  lastAdmin: 'A conta precisa de pelo menos um Administrador: promova outra pessoa antes.',
  ownerRemoval: 'Quem cadastrou a empresa não pode ser removido da equipe.',
  selfRemoval: 'Você não pode remover a si mesmo da equipe.',
  memberNotFound: 'Pessoa não encontrada na equipe.',
  invitationNotFound: 'Convite não encontrado.',
  invitationExpired: 'Este convite expirou. Peça um novo a quem convidou você.',
  invitationRevoked: 'Este convite foi cancelado por quem o enviou.',
  invitationAccepted: 'Este convite já foi aceito.',
  invitationNotPending: 'Só um convite pendente pode ser reenviado ou revogado.',
  otherEmail: (email: string) =>
    `Este convite é para ${email}. Saia e entre com esse e-mail para aceitá-lo.`,
  otherAccount: 'Este e-mail já pertence a outra empresa no Ponte IIoT e não pode entrar em outra equipe.',
} as const;

/** The 403 of a role that may not do what it asked. */
export function roleForbiddenMessage(role: TeamRole, what: 'edit' | 'purchase' | 'team'): string {
  const label = ROLE_LABELS[role];
  if (what === 'purchase') return `Seu perfil (${label}) não permite fazer compras.`;
  if (what === 'team') return `Seu perfil (${label}) não permite gerenciar a equipe.`;
  return `Seu perfil (${label}) não permite alterar dados.`;
}

/** What a role may do: `edit` changes data, `purchase` orders and their addresses, `team` the team. */
export type Capability = 'edit' | 'purchase' | 'team';

export function roleCan(role: TeamRole, capability: Capability): boolean {
  if (role === 'administrador') return true;
  if (role === 'tecnico') return capability === 'edit';
  return false;
}

/** Why a role may not: the sentence shown on hover over what it cannot use (null when it may). */
export function cannotReason(role: TeamRole, capability: Capability): string | null {
  return roleCan(role, capability) ? null : roleForbiddenMessage(role, capability);
}
