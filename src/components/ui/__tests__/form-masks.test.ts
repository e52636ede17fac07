import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskCnpj } from '@/contracts/validators/cnpj';
import { applyMask, rejectedCharacters } from '../form/masks';

/** Types `char` at `caret` in the masked `value`, as the browser would, then masks. */
function typeAt(kind: 'cnpj' | 'phone' | 'cep', value: string, caret: number, char: string) {
  return applyMask(kind, value.slice(0, caret) + char + value.slice(caret), caret + char.length, value, 'insertText');
}

describe('rejectedCharacters', () => {
  it('names what the mask drops, never its own punctuation', () => {
    expect(rejectedCharacters('cep', '0131a-1b0')).toBe('ab');
    expect(rejectedCharacters('cep', '01.310-100 ')).toBe('');
    expect(rejectedCharacters('phone', '(11) 9123x-5678')).toBe('x');
    expect(rejectedCharacters('cnpj', '12.ABC.345/01DE-35')).toBe('');
    expect(rejectedCharacters('cnpj', '12.ABC#345')).toBe('#');
  });
});

describe('applyMask', () => {
  it('masks as typed: CNPJ upper-cased, phone with 10 or 11 digits, CEP', () => {
    expect(applyMask('cnpj', '12abc34501de35', 14, '')).toEqual({ value: '12.ABC.345/01DE-35', caret: 18 });
    expect(applyMask('phone', '1134567890', 10, '').value).toBe('(11) 3456-7890');
    expect(applyMask('phone', '11912345678', 11, '').value).toBe('(11) 91234-5678');
    expect(applyMask('cep', '01310100', 8, '').value).toBe('01310-100');
  });

  it('typing at the end keeps the caret at the end, across the separators the mask adds', () => {
    let state = { value: '', caret: 0 };
    for (const char of '12abc34501de35') {
      state = typeAt('cnpj', state.value, state.caret, char);
      expect(state.caret).toBe(state.value.length);
    }
    expect(state.value).toBe('12.ABC.345/01DE-35');
  });

  it('typing in the middle leaves the caret right after the typed character', () => {
    // "12.345" with the caret after "1": type "9" → "19.234.5", caret after the 9.
    const next = typeAt('cnpj', '12.345', 1, '9');
    expect(next.value).toBe('19.234.5');
    expect(next.value.slice(0, next.caret)).toBe('19');
  });

  it('backspace right after a separator deletes the character before it (never stuck)', () => {
    // "12.3|45" → the browser removes "." of "12.|345": raw "12|345".
    const next = applyMask('cnpj', '12345', 2, '12.345', 'deleteContentBackward');
    expect(next).toEqual({ value: '13.45', caret: 1 });
    const cep = applyMask('cep', '0131010', 5, '01310-10', 'deleteContentBackward');
    // "01310-|10" → Backspace removes "-" → the "0" before it goes instead.
    expect(cep).toEqual({ value: '01311-0', caret: 4 });
  });

  it('delete (forward) right before a separator deletes the character after it', () => {
    // "12|.345": Delete removes "." → raw "12345", caret 2 → deletes the "3".
    expect(applyMask('cnpj', '12345', 2, '12.345', 'deleteContentForward')).toEqual({ value: '12.45', caret: 2 });
  });

  it('drops characters the mask does not take, without moving the caret', () => {
    expect(applyMask('phone', '(11) 9a', 7, '(11) 9', 'insertText')).toEqual({ value: '(11) 9', caret: 6 });
    expect(applyMask('cep', '01310-1009', 10, '01310-100', 'insertText')).toEqual({ value: '01310-100', caret: 9 });
  });

  it('property: the value is always the mask of what was typed, the caret within it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.nat(), (raw, at) => {
        const caret = raw.length === 0 ? 0 : at % (raw.length + 1);
        const { value, caret: next } = applyMask('cnpj', raw, caret, '', 'insertText');
        expect(value).toBe(maskCnpj(raw));
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThanOrEqual(value.length);
      }),
    );
  });
});
