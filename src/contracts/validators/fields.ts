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

/** Brazilian phone: 10 digits (landline) or 11 (mobile, starting with 9 after the area code), with DDD. */
export function normalizePhone(value: string): string {
  return value.replace(/\D/g, '');
}

export function phoneProblem(value: string): string | null {
  const digits = normalizePhone(value);
  if (digits === '') return null;
  if (digits.length !== 10 && digits.length !== 11) return 'Telefone inválido. Use DDD e número, ex.: (11) 91234-5678.';
  if (digits.startsWith('0') || digits[1] === '0') return 'Telefone inválido: o DDD não existe.';
  if (digits.length === 11 && digits[2] !== '9') return 'Telefone inválido: celulares começam com 9 depois do DDD.';
  return null;
}

/** (11) 3456-7890 or (11) 91234-5678, as typed. */
export function maskPhone(value: string): string {
  const d = normalizePhone(value).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const rest = d.slice(2);
  const split = d.length === 11 ? 5 : 4;
  return rest.length <= split ? `(${d.slice(0, 2)}) ${rest}` : `(${d.slice(0, 2)}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** CEP: 8 digits, shown as 01310-100. */
export function normalizeCep(value: string): string {
  return value.replace(/\D/g, '');
}

export function maskCep(value: string): string {
  const d = normalizeCep(value).slice(0, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

export function cepProblem(value: string): string | null {
  const d = normalizeCep(value);
  if (d === '') return 'Informe o CEP.';
  if (d.length !== 8 || /^(\d)\1{7}$/.test(d)) return 'CEP inválido. Use 8 números, ex.: 01310-100.';
  return null;
}

/** The 27 federative units. */
export const UFS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ',
  'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;
export type Uf = (typeof UFS)[number];

export function isUf(value: string): value is Uf {
  return (UFS as readonly string[]).includes(value);
}

/** IPv4 CIDR with no host bits set (10.0.0.0/24 yes, 10.0.0.1/24 no). */
export function cidrProblem(value: string): string | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(value.trim());
  if (!match) return 'Rede inválida.';
  const octets = match.slice(1, 5).map(Number);
  const prefix = Number(match[5]);
  if (octets.some((octet) => octet > 255) || prefix > 32) return 'Rede inválida.';
  const address = octets.reduce((acc, octet) => acc * 256 + octet, 0);
  const hostBits = 2 ** (32 - prefix);
  return address % hostBits === 0 ? null : 'Rede inválida.';
}

/** Two CIDRs share addresses. Both must be valid. */
export function cidrsOverlap(a: string, b: string): boolean {
  const range = (cidr: string) => {
    const [ip = '', bits = '0'] = cidr.split('/');
    const start = ip.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
    return [start, start + 2 ** (32 - Number(bits)) - 1] as const;
  };
  const [aStart, aEnd] = range(a);
  const [bStart, bEnd] = range(b);
  return aStart <= bEnd && bStart <= aEnd;
}
