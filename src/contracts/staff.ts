/**
 * "Equipe interna" (issue 38, item 2): the Ponte team — the people with Firebase's `admin` claim, which opens the
 * back office and the VPN API. Staff grant it by e-mail ("Conceder acesso") and revoke it ("Revogar acesso": the
 * claim removed, the refresh tokens revoked, the API refusing the person's tokens at once). The last member cannot be
 * revoked. The same from a terminal: `npm run staff -- grant <email>` (scripts/staff.mjs).
 */
import { z } from 'zod';
import { requiredEmailField } from './account';

/** A member of the Ponte team, as GET /backoffice/staff answers it. */
export interface StaffMember {
  uid: string;
  name: string;
  email: string;
}

/** POST /backoffice/staff/grant. */
export const staffGrantSchema = z.object({ email: requiredEmailField });
export type StaffGrantValues = z.input<typeof staffGrantSchema>;
export type StaffGrantInput = z.output<typeof staffGrantSchema>;

export const STAFF_NO_ACCOUNT_CODE = 'no-firebase-account';
export const staffNoAccountMessage = (email: string) =>
  `Não há conta no Ponte IIoT com o e-mail ${email}. Peça à pessoa que crie a conta (ou entre uma vez) e tente de novo.`;
export const STAFF_ALREADY_CODE = 'already-staff';
export const STAFF_ALREADY_MESSAGE = 'Esta pessoa já faz parte da equipe interna.';
export const STAFF_LAST_CODE = 'last-staff';
export const STAFF_LAST_MESSAGE = 'Não é possível revogar o acesso do último membro da equipe interna. Conceda acesso a outra pessoa antes.';
export const STAFF_NOT_FOUND_MESSAGE = 'Membro da equipe interna não encontrado.';
export const STAFF_GRANTED_MESSAGE = (name: string) => `Acesso concedido a ${name}. Vale a partir da próxima entrada da pessoa.`;
export const STAFF_REVOKED_MESSAGE = (name: string) => `Acesso de ${name} revogado.`;
