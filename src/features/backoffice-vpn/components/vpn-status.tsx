import { VPN_USER_STATUS_LABELS, vpnExpiringSoonLabel, vpnUserStatus, type VpnUser } from '@/contracts/vpn';
import { Badge, OnOffBadge, type BadgeTone } from '@/components/ui/badge';
import { apiErrorStatus, isFetchBaseQueryError } from '@/lib/api/errors';

const USER_TONES = { ativo: 'success', desativado: 'neutral', expirado: 'danger' } as const satisfies Record<string, BadgeTone>;

/** "Ativo", "Desativado" or "Expirado" (as of `now`), and "Expira em N dias" when the access ends within 7 days. */
export function VpnUserStatusBadges({ user, now }: { user: Pick<VpnUser, 'enabled' | 'expiresAt'>; now: number }) {
  const status = vpnUserStatus(user, now);
  const soon = vpnExpiringSoonLabel(user, now);
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <Badge tone={USER_TONES[status]} dot>
        {VPN_USER_STATUS_LABELS[status]}
      </Badge>
      {soon ? <Badge tone="warning">{soon}</Badge> : null}
    </span>
  );
}

export function OnlineBadge({ online }: { online: boolean }) {
  return <OnOffBadge on={online} labels={['Online', 'Offline']} />;
}

export function RouteStatusBadge({ enabled }: { enabled: boolean }) {
  return <OnOffBadge on={enabled} labels={['Ativa', 'Desativada']} />;
}

/**
 * The VPN backend is down (no answer, a 5xx or something that is not its JSON) — not a refusal of this request:
 * the lists say so plainly, the rest of the back office (the main backend) keeps working.
 */
export function isVpnUnavailable(error: unknown): boolean {
  if (!isFetchBaseQueryError(error)) return false;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR' || error.status === 'PARSING_ERROR') return true;
  const status = apiErrorStatus(error);
  return status !== null && status >= 500;
}

export const VPN_UNAVAILABLE_TITLE = 'O serviço de VPN está indisponível no momento.';

/** The heading of a VPN list's error state. */
export function vpnListErrorTitle(error: unknown, fallback: string): string {
  return isVpnUnavailable(error) ? VPN_UNAVAILABLE_TITLE : fallback;
}
