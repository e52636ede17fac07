/**
 * The contract's records as the page holds them: the shared base query turns every `{ seconds, nanos }` into a
 * `Date` (src/lib/dates.ts `convertTimestamps`).
 */
import type { Dated } from '@/contracts/common';
import type {
  RemoteAccessEventRecord,
  RemoteAccessPolicy,
  RemoteAccessProfile,
  RemoteAccessRequestAnswer,
  RemoteAccessSessionRecord,
} from '@/contracts/remote-access';

export type { Dated };

export type RemoteAccessSession = Dated<RemoteAccessSessionRecord>;
export type RemoteAccessEvent = Dated<RemoteAccessEventRecord>;
export type RemoteAccessPolicyView = Dated<RemoteAccessPolicy>;
export type RemoteAccessProfileView = Dated<RemoteAccessProfile>;
export type RemoteAccessRequestAnswerView = Dated<RemoteAccessRequestAnswer>;

/** `GET /remote-access/filter-options`: Histórico's "Pessoa" (uid) and "Máquina" (id) choices, by name. */
export interface RemoteAccessFilterOptions {
  people: { value: string; label: string }[];
  machines: { value: string; label: string }[];
}
