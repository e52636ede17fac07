/** Stand-ins for WireGuard keys in the demo's client configurations (gateways', VPN users'): the demo has no real keys. */

/** FNV-1a, 32 bits. */
function hashText(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** A 32-byte key in base64, the same every time for the same seed text (the demo has no real keys). */
export function demoKey(seed: string): string {
  let state = hashText(seed) || 1;
  let binary = '';
  for (let i = 0; i < 32; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    binary += String.fromCharCode((state >>> 0) & 0xff);
  }
  return btoa(binary);
}
