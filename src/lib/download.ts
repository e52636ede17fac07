/**
 * Saving a file the app made or fetched (a CSV export, a VPN configuration) without putting anything in a URL:
 * the content goes into a Blob, a temporary link to its object URL is clicked, and the URL is revoked right after.
 */

/** Saves `content` as `filename` (a Blob is saved as is; text gets `type`, UTF-8). */
export function downloadFile(filename: string, content: string | Blob, type = 'application/octet-stream'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click has been handled: some browsers start the download asynchronously.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` preferred over `filename="…"`), with
 * any path left out; null when it names none.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]+)/.exec(header);
    const raw = plain?.[1]?.trim();
    if (raw) name = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  const base = name?.split(/[\\/]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : null;
}
