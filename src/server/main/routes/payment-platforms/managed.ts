/**
 * Pieces of the staff-managed resources (payment platforms and methods, discount rules), as the demo's
 * managed-collection does them: an optional `If-Match` on switches and deletes, and the next update time.
 */
import { requireVersion } from '../../../shared/versions';

/** The version an `If-Match` names on a switch or a delete (428 when unreadable), or null without one. */
export function optionalVersion(request: Request): number | null {
  return request.headers.has('If-Match') ? requireVersion(request, null) : null;
}

/** A changed record's `updatedAt`: now, and always after the previous one. */
export function nextUpdatedAt(previous: number): number {
  return Math.max(Date.now(), previous + 1);
}
