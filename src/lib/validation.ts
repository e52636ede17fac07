/** Field validators shared by the forms and the demo backend (so both refuse the same input). */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const MIN_PASSWORD_LENGTH = 6;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL.test(email);
}

export function emailProblem(value: string): string | null {
  if (value.trim() === '') return 'Informe o e-mail.';
  return isValidEmail(value) ? null : 'E-mail inválido. Use o formato nome@empresa.com.br.';
}

export function passwordProblem(value: string): string | null {
  if (value === '') return 'Informe a senha.';
  return value.length < MIN_PASSWORD_LENGTH ? `A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.` : null;
}

export function nameProblem(value: string, label = 'o nome'): string | null {
  const name = value.trim();
  if (name === '') return `Informe ${label}.`;
  if (name.length < 2) return 'Use pelo menos 2 caracteres.';
  return name.length > 120 ? 'Use no máximo 120 caracteres.' : null;
}
