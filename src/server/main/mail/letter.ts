/**
 * An e-mail as it leaves: the row's subject and text, its link on the portal's (or the landing's) origin, a
 * plain-text part and an HTML part (pt-BR), the newsletter's unsubscribe link and its `List-Unsubscribe` header.
 */
export interface LetterSource {
  to: string;
  subject: string;
  text: string;
  /** An absolute URL, or none. */
  link: string | null;
  /** The newsletter's: an absolute URL. */
  unsubscribeLink: string | null;
}

export interface Letter {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const FOOTER = 'Ponte IIoT · Conectividade IIoT segura para fabricantes de máquinas';
const AUTOMATIC = 'Este é um e-mail automático; respostas não são lidas.';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** `path` on `origin` (a path that is already absolute stays as it is). */
export function absoluteLink(path: string, origin: string): string {
  return new URL(path, origin.endsWith('/') ? origin : `${origin}/`).toString();
}

export function composeLetter(source: LetterSource): Letter {
  const lines = [source.text];
  if (source.link) lines.push('', source.link);
  lines.push('', '—', FOOTER, AUTOMATIC);
  if (source.unsubscribeLink) lines.push(`Para não receber mais: ${source.unsubscribeLink}`);
  const paragraphs = source.text
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 16px">${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const button = source.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(source.link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Abrir no Ponte IIoT</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">Se o botão não abrir, copie este endereço: ${escapeHtml(source.link)}</p>`
    : '';
  const unsubscribe = source.unsubscribeLink
    ? `<br><a href="${escapeHtml(source.unsubscribeLink)}" style="color:#475569">Cancelar inscrição</a>`
    : '';
  const html =
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(source.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">` +
    `<p style="margin:0 0 16px;font-weight:bold;color:#0f766e">Ponte IIoT</p>${paragraphs}${button}` +
    `<p style="margin:24px 0 0;font-size:12px;color:#64748b">${escapeHtml(FOOTER)}<br>${escapeHtml(AUTOMATIC)}${unsubscribe}</p>` +
    `</div></body></html>`;
  const headers: Record<string, string> = {};
  if (source.unsubscribeLink) {
    headers['List-Unsubscribe'] = `<${source.unsubscribeLink}>`;
  }
  return { to: source.to, subject: source.subject, text: lines.join('\n'), html, headers };
}
