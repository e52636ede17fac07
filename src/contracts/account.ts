/**
 * Account: the signed-in user's profile (`GET`/`PATCH /me`) and the company registration behind a new account
 * (`POST /assembler`). One contract for the profile form, the API and the demo backend.
 *
 * The registration page is a sign-in-style page whose first load stays light (docs/quality.md, "Performance rules"): its
 * form does not import this module (zod would cost its first load ~25 KB gzip); it checks the same fields with
 * the same validators (`@/contracts/validators`), and the tests pin that both refuse the same input with the same
 * message.
 */
import { z } from 'zod';
import { cnpjField, MAX_NAME_LENGTH } from './common';
import { emailProblem } from './validators/fields';

export const NAME_MIN_LENGTH = 2;

/** A person's or a company's name: required, 2 to 120 characters once trimmed. */
export const accountNameField = z
  .string({ error: 'Informe o nome.' })
  .trim()
  .min(1, { error: 'Informe o nome.' })
  .min(NAME_MIN_LENGTH, { error: `Use pelo menos ${NAME_MIN_LENGTH} caracteres.` })
  .max(MAX_NAME_LENGTH, { error: `Use no máximo ${MAX_NAME_LENGTH} caracteres.` });

/** A required e-mail, trimmed (its case is kept: the identity account's e-mail is compared without case). */
export const requiredEmailField = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** `PATCH /me`: what the profile form edits. */
export const profileUpdateSchema = z.object({
  name: accountNameField,
});

/** What the profile form holds (as typed). */
export type ProfileFormValues = z.input<typeof profileUpdateSchema>;
/** What `PATCH /me` receives (trimmed). */
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** `POST /assembler`: the company behind a new account (the password goes to the identity service, not here). */
export const assemblerRegistrationSchema = z.object({
  name: accountNameField,
  cnpj: cnpjField,
  email: requiredEmailField,
});

export type AssemblerRegistrationInput = z.output<typeof assemblerRegistrationSchema>;
