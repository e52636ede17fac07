/**
 * Optimistic concurrency: every record has a `version` (1 on create, +1 on every update); an update names the
 * version it edited (`If-Match: 3`, quotes and `W/` tolerated, else `version` in the body) and the UPDATE carries
 * it in its WHERE — no row changed means stale (409 `version-conflict` with the current record) or gone (404).
 */
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { ApiError, VERSION_REQUIRED_MESSAGE } from './errors';
import { serialize } from './time';

export function requestedVersion(request: Request, body: unknown): number | null {
  const header = request.headers.get('If-Match');
  if (header !== null) {
    const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
    return match?.[1] ? Number(match[1]) : null;
  }
  const version = body && typeof body === 'object' ? (body as { version?: unknown }).version : undefined;
  if (typeof version === 'number' && Number.isInteger(version) && version > 0) return version;
  if (typeof version === 'string' && /^\d{1,9}$/.test(version)) return Number(version);
  return null;
}

/** The version an update must match: 428 without one. */
export function requireVersion(request: Request, body: unknown): number {
  const version = requestedVersion(request, body);
  if (version === null) throw new ApiError(428, 'version-required', VERSION_REQUIRED_MESSAGE);
  return version;
}

/** 409 with the record as it is now (the portal shows what changed). */
export function versionConflict(current: object): ApiError {
  return new ApiError(409, 'version-conflict', VERSION_CONFLICT_MESSAGE, { current: serialize(current) });
}
