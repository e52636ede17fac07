/**
 * The device page's status over time (issue 34, screens.md): "Online desde" / "Offline desde" (the newest transition
 * to the status it has now) and "Histórico de status", the last transitions the hubs recorded, newest first. A
 * gateway that never connected shows neither: it has no transitions, and its status already says "Nunca conectado".
 */
import type { DeviceDetail, DeviceStatusEvent } from '@/contracts/device';
import type { DescriptionItem } from '@/components/ui/detail-page';
import { DetailSection } from '@/components/ui/detail-page';
import { formatDateTime } from '@/lib/dates';
import { DeviceStatusBadge } from './device-status-badge';

export const STATUS_HISTORY_TITLE = 'Histórico de status';
export const STATUS_HISTORY_EMPTY = 'Nenhuma mudança de status registrada ainda.';

const SINCE_TERMS = { online: 'Online desde', offline: 'Offline desde' } as const;

/** The newest transition to the status the device has now; null when never connected or none recorded. */
export function currentStatusSince(device: DeviceDetail): DeviceStatusEvent | null {
  if (device.status === 'never-connected') return null;
  return device.statusHistory.find((event) => event.status === device.status) ?? null;
}

/** "Online desde" / "Offline desde" and when, for the "Dados do dispositivo" list; null when there is no such time. */
export function statusSinceItem(device: DeviceDetail): DescriptionItem | null {
  const since = currentStatusSince(device);
  if (!since) return null;
  return {
    term: SINCE_TERMS[since.status],
    description: <time dateTime={since.changedAt.toISOString()}>{formatDateTime(since.changedAt)}</time>,
  };
}

/** The last online/offline transitions, newest first ("Online" / "Offline" and when), or why there are none. */
export function DeviceStatusHistory({ device }: { device: DeviceDetail }) {
  if (device.status === 'never-connected') return null;
  const history = device.statusHistory;
  return (
    <DetailSection title={STATUS_HISTORY_TITLE}>
      {history.length === 0 ? (
        <p className="text-sm text-slate-600">{STATUS_HISTORY_EMPTY}</p>
      ) : (
        <ol aria-label={STATUS_HISTORY_TITLE} className="divide-y divide-slate-100">
          {history.map((event) => (
            <li
              key={`${event.status}-${event.changedAt.getTime()}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2 first:pt-0 last:pb-0"
            >
              <DeviceStatusBadge status={event.status} />
              <time dateTime={event.changedAt.toISOString()} className="text-sm tabular-nums text-slate-700">
                {formatDateTime(event.changedAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </DetailSection>
  );
}
