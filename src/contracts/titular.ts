/**
 * The account's Titular: the person who registered the company (its team member whose uid is the account's). Another
 * Administrador may not demote or remove them, and only they may ask for the account's deletion (issue 35, item 4).
 * The Equipe screen and the main API both say these.
 */
export const TITULAR_LABEL = 'Titular';

export const TITULAR_CODE = 'titular-protected';

export const TITULAR_MESSAGES = {
  demotion: 'O perfil do Titular da conta (quem cadastrou a empresa) só pode ser mudado por ele mesmo.',
  removal: 'O Titular da conta (quem cadastrou a empresa) não pode ser removido da equipe.',
  deletion: 'Só o Titular da conta (quem cadastrou a empresa) pode pedir a exclusão da conta.',
} as const;
