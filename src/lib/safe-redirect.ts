/**
 * Redirect-after-login accepts only same-area relative paths: "/machines?page=2" yes; "//evil.com",
 * "https://evil.com", "/\\evil.com", "javascript:..." and the sign-in pages themselves no.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/', exclude: readonly string[] = []): string {
  if (!raw) return fallback;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return fallback;
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = 'https://area.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    if (exclude.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
