/**
 * Pix "copia e cola": the BR Code (EMV® QRCPS merchant-presented mode) of the BCB's "Manual de Padrões para
 * Iniciação do Pix". Every field is TLV: a 2-digit id, a 2-digit length and the value; the last field, 63, is the
 * CRC16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF) of the whole payload up to and including "6304", as
 * 4 upper-case hex digits.
 *
 *   00 "01"                payload format indicator
 *   01 "12"                point of initiation: single use (this charge's amount and txid)
 *   26 00 br.gov.bcb.pix   merchant account information: GUI, 01 the Pix key, 02 a description (optional)
 *   52 "0000"              merchant category code
 *   53 "986"               currency (BRL)
 *   54 "1234.56"           amount (left out when 0: the payer types it)
 *   58 "BR"                country
 *   59 name                merchant name: up to 25 characters, ASCII
 *   60 city                merchant city: up to 15 characters, ASCII
 *   62 05 txid             additional data: the transaction id, up to 25 letters and digits ("***": none)
 *   63 CRC
 */

export interface PixCharge {
  /** The receiver's Pix key: CPF/CNPJ digits, +55 phone, e-mail or a random key (EVP, a UUID). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Integer centavos; 0 leaves the amount to the payer. */
  amountCents: number;
  /** Letters and digits; anything else is dropped and the rest cut to 25 ("***" when nothing is left). */
  txid: string;
  /** Shown to the payer by some banks; folded to ASCII and cut to what fits in field 26. */
  description?: string;
}

export const PIX_GUI = 'br.gov.bcb.pix';
export const PIX_MAX_NAME_LENGTH = 25;
export const PIX_MAX_CITY_LENGTH = 15;
export const PIX_MAX_TXID_LENGTH = 25;
/** The longest Pix key (a URL-like key would be longer, but no key type the DICT accepts is). */
export const PIX_MAX_KEY_LENGTH = 77;
/** Largest amount field 54 holds (13 characters: "9999999999.99"). */
export const PIX_MAX_AMOUNT_CENTS = 999_999_999_999;

const MAX_TLV_LENGTH = 99;
/** Templates whose value is itself a list of TLV fields (26–51 merchant accounts, 62 additional data, 80–99). */
const TEMPLATE_IDS = new Set<string>([
  ...Array.from({ length: 26 }, (_, i) => String(26 + i)),
  '62',
  ...Array.from({ length: 20 }, (_, i) => String(80 + i)),
]);

// ---- CRC ----

/** CRC16/CCITT-FALSE of the payload's UTF-8 bytes, as 4 upper-case hex digits ("123456789" → "29B1"). */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

// ---- text ----

/**
 * Folds text to printable ASCII as the BR Code wants it: accents removed ("São Paulo" → "Sao Paulo"), anything
 * else outside ASCII dropped, runs of spaces collapsed, trimmed, then cut to `max` characters (and trimmed again).
 */
export function foldPixText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** Letters and digits only, at most 25; "***" (no txid) when nothing is left. */
export function normalizeTxid(txid: string): string {
  const clean = foldPixText(txid, Number.MAX_SAFE_INTEGER).replace(/[^0-9A-Za-z]/g, '').slice(0, PIX_MAX_TXID_LENGTH);
  return clean === '' ? '***' : clean;
}

/** Integer centavos → "1234.56" (exact: no floating point on the way). */
export function formatPixAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > PIX_MAX_AMOUNT_CENTS) {
    throw new RangeError(`Valor inválido para Pix: ${amountCents} centavos.`);
  }
  const reais = Math.floor(amountCents / 100);
  const centavos = String(amountCents % 100).padStart(2, '0');
  return `${reais}.${centavos}`;
}

function tlv(id: string, value: string): string {
  if (value.length > MAX_TLV_LENGTH) throw new RangeError(`O campo ${id} do BR Code passa de ${MAX_TLV_LENGTH} caracteres.`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

// ---- build ----

/** The BR Code ("Pix copia e cola") of a single-use charge. Throws on a missing key, name or city. */
export function buildPixCode(charge: PixCharge): string {
  const key = charge.key.trim();
  if (key === '' || key.length > PIX_MAX_KEY_LENGTH || /[^\x21-\x7e]/.test(key)) {
    throw new RangeError('Chave Pix inválida.');
  }
  const name = foldPixText(charge.merchantName, PIX_MAX_NAME_LENGTH);
  if (name === '') throw new RangeError('Informe o nome do recebedor do Pix.');
  const city = foldPixText(charge.merchantCity, PIX_MAX_CITY_LENGTH);
  if (city === '') throw new RangeError('Informe a cidade do recebedor do Pix.');
  const amount = formatPixAmount(charge.amountCents);

  const gui = tlv('00', PIX_GUI);
  const keyField = tlv('01', key);
  // Field 26 holds at most 99 characters: the description gets what the GUI and the key leave (minus its own 4).
  const room = MAX_TLV_LENGTH - gui.length - keyField.length - 4;
  const description = charge.description ? foldPixText(charge.description, Math.max(0, room)) : '';
  const account = gui + keyField + (description ? tlv('02', description) : '');

  const payload = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('26', account),
    tlv('52', '0000'),
    tlv('53', '986'),
    charge.amountCents > 0 ? tlv('54', amount) : '',
    tlv('58', 'BR'),
    tlv('59', name),
    tlv('60', city),
    tlv('62', tlv('05', normalizeTxid(charge.txid))),
    '6304',
  ].join('');
  return payload + crc16(payload);
}

// ---- parse ----

export interface ParsedPixCode {
  /**
   * Every field by id: the top-level ones ("00", "26", "54", "63") and, inside templates (26–51, 62, 80–99),
   * their sub-fields as "26.01" (the key), "26.02" (the description), "62.05" (the txid).
   */
  fields: Map<string, string>;
  /** Well-formed TLV from "000201" to a last field "63" of 4 hex digits equal to the payload's CRC. */
  valid: boolean;
}

/** Splits TLV text into [id, value] pairs; null when malformed (bad id/length, a length past the end, leftovers). */
function splitTlv(text: string): [string, string][] | null {
  const out: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    const header = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(header)) return null;
    const length = Number(header.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    out.push([header.slice(0, 2), value]);
    at += 4 + length;
  }
  return out;
}

/** Reads a BR Code: its fields, and whether it is well formed and its CRC matches. */
export function parsePixCode(code: string): ParsedPixCode {
  const fields = new Map<string, string>();
  const top = splitTlv(code);
  if (!top) return { fields, valid: false };
  let wellFormed = top.length > 0;
  for (const [id, value] of top) {
    if (fields.has(id)) wellFormed = false;
    fields.set(id, value);
    if (TEMPLATE_IDS.has(id)) {
      const inner = splitTlv(value);
      if (!inner || inner.length === 0) {
        wellFormed = false;
        continue;
      }
      for (const [subId, subValue] of inner) {
        if (fields.has(`${id}.${subId}`)) wellFormed = false;
        fields.set(`${id}.${subId}`, subValue);
      }
    }
  }
  const first = top[0];
  const last = top.at(-1);
  const crcOk =
    last !== undefined &&
    last[0] === '63' &&
    /^[0-9A-F]{4}$/.test(last[1]) &&
    crc16(code.slice(0, code.length - 4)) === last[1];
  const valid = wellFormed && first?.[0] === '00' && first[1] === '01' && crcOk;
  return { fields, valid };
}
