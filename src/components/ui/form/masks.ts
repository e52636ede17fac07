/**
 * Input masks applied as the user types, keeping the caret where the user expects it: the caret is placed after
 * the same number of significant characters (digits, or letters and digits for the CNPJ) it was after before
 * masking, wherever the mask adds or moves separators.
 */
import { CNPJ_HINT, maskCnpj } from '@/contracts/validators/cnpj';
import { maskCep, maskPhone } from '@/contracts/validators/fields';

export type MaskKind = 'cnpj' | 'phone' | 'cep';

export interface MaskSpec {
  format: (value: string) => string;
  significant: RegExp;
  inputMode: 'text' | 'numeric';
  autoComplete: string;
  autoCapitalize?: 'characters';
  type: 'text' | 'tel';
  placeholder: string;
  hint?: string;
}

export const MASKS: Record<MaskKind, MaskSpec> = {
  cnpj: {
    format: maskCnpj,
    significant: /[0-9A-Za-z]/,
    inputMode: 'text',
    autoComplete: 'off',
    autoCapitalize: 'characters',
    type: 'text',
    placeholder: '00.000.000/0000-00',
    hint: CNPJ_HINT,
  },
  phone: {
    format: maskPhone,
    significant: /\d/,
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    type: 'tel',
    placeholder: '(11) 91234-5678',
  },
  cep: {
    format: maskCep,
    significant: /\d/,
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    type: 'text',
    placeholder: '01310-100',
  },
};

/** What a mask puts or accepts between the significant characters: dots, hyphens, slashes, brackets, spaces, plus. */
const MASK_PUNCTUATION = /[\s.\-/()+]/;

/**
 * The characters of `raw` the mask drops without being its punctuation: letters typed in a CEP or a phone, symbols
 * in a CNPJ. '' when nothing was refused. A field can say why they vanished.
 */
export function rejectedCharacters(kind: MaskKind, raw: string): string {
  const { significant } = MASKS[kind];
  let rejected = '';
  for (const char of raw) if (!significant.test(char) && !MASK_PUNCTUATION.test(char)) rejected += char;
  return rejected;
}

function countSignificant(text: string, significant: RegExp): number {
  let count = 0;
  for (const char of text) if (significant.test(char)) count += 1;
  return count;
}

/** Index just after the n-th significant character of `text` (0 when n is 0; the end when there are fewer). */
function indexAfter(text: string, n: number, significant: RegExp): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (significant.test(text.charAt(i))) {
      seen += 1;
      if (seen === n) return i + 1;
    }
  }
  return text.length;
}

/**
 * Masks what the input holds after an edit. `previous` is what it held before; `inputType` the InputEvent's.
 * Deleting only a separator (Backspace right after "." or "-") deletes the character before it instead, so the
 * user is never stuck behind a separator the mask puts back.
 */
export function applyMask(
  kind: MaskKind,
  raw: string,
  caret: number,
  previous: string,
  inputType?: string,
): { value: string; caret: number } {
  const { format, significant } = MASKS[kind];
  let text = raw;
  let at = Math.max(0, Math.min(caret, raw.length));
  const deleting = inputType?.startsWith('delete') ?? false;
  if (deleting && raw.length < previous.length && countSignificant(raw, significant) === countSignificant(previous, significant)) {
    if (inputType === 'deleteContentForward') {
      for (let i = at; i < text.length; i += 1) {
        if (significant.test(text.charAt(i))) {
          text = text.slice(0, i) + text.slice(i + 1);
          break;
        }
      }
    } else {
      for (let i = at - 1; i >= 0; i -= 1) {
        if (significant.test(text.charAt(i))) {
          text = text.slice(0, i) + text.slice(i + 1);
          at = i;
          break;
        }
      }
    }
  }
  const value = format(text);
  const before = countSignificant(text.slice(0, at), significant);
  return { value, caret: indexAfter(value, before, significant) };
}
