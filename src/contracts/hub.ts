/**
 * The hub (issue 34): the WireGuard relay between engineers and gateways. Its protocol with the VPN API, one
 * contract for the Worker (`src/server/vpn/routes/hubs/`) and the hub program (`src/hub/`):
 *
 * - `GET /hub/{id}/state` (`Authorization: Hub <credencial>`): the desired state — every peer the hub must hold and
 *   what each may reach. `version` changes only when the content does.
 * - `POST /hub/{id}/report` (same credential): the hub's public key, the state version it applied, its health and,
 *   per peer, what `wg show <if> dump` prints (latest handshake in seconds, bytes).
 *
 * Addressing (every hub uses the same plan; a gateway and its sessions go through one hub):
 * - the hub itself: 10.88.0.1 (interface address 10.88.0.1/16);
 * - gateways: 10.88.0.0/16; VPN users: 10.87.0.0/16; remote-access sessions: 10.86.0.0/16;
 * - machines' tunnel subnets: TUNNEL_POOL, one per machine with a LAN, the same size as its LAN, unique across the
 *   platform; the gateway maps it 1:1 onto the machine's LAN (so two factories on 192.168.0.0/24 both work).
 */
import { z } from 'zod';

export const HUB_ADDRESS = '10.88.0.1';
export const HUB_INTERFACE_ADDRESS = `${HUB_ADDRESS}/16`;
export const GATEWAY_NETWORK = '10.88.0.0/16';
export const VPN_USER_NETWORK = '10.87.0.0/16';
export const SESSION_NETWORK = '10.86.0.0/16';
/** Machines' tunnel subnets are carved from here (10.128.0.0 – 10.255.255.255: 32 768 /24s). */
export const TUNNEL_POOL = '10.128.0.0/9';
/** Every network a hub routes into its WireGuard interface (the peers' AllowedIPs pick the peer). */
export const HUB_NETWORKS = [SESSION_NETWORK, VPN_USER_NETWORK, GATEWAY_NETWORK, TUNNEL_POOL] as const;
export const DEFAULT_HUB_PORT = 51820;

/** A gateway is online while the hub saw its handshake within this (a scheduled job marks the silent ones offline). */
export const GATEWAY_ONLINE_WINDOW_MS = 3 * 60_000;
/** The hub asks for its state at least this often. */
export const HUB_POLL_INTERVAL_MS = 5_000;
/** The hub reports at least this often. */
export const HUB_REPORT_INTERVAL_MS = 30_000;
/** At most this many peers in one report (10 000 peers a hub, with room). */
export const MAX_HUB_REPORT_PEERS = 20_000;

export const HUB_MESSAGES = {
  credentialInvalid: 'Credencial do hub ausente ou inválida.',
  notFound: 'Hub não encontrado.',
  noHub: 'Nenhum hub VPN está cadastrado: a equipe Ponte IIoT precisa registrar um hub antes de gerar configurações.',
  hubNotRegistered:
    'O hub VPN deste gateway ainda não se registrou (não enviou sua chave pública): tente de novo quando ele estiver no ar.',
  movedNeedsNewFile: 'O gateway passou para outro hub: baixe a nova configuração VPN e instale-a no gateway.',
} as const;

const base64Key = z.string().regex(/^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/, 'Chave pública WireGuard inválida.');

export const hubPeerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('gateway'),
    id: z.string(),
    publicKey: base64Key,
    /** The gateway's own address (/32) and the tunnel subnets of its machines. */
    allowedIps: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('user'),
    id: z.string(),
    publicKey: base64Key,
    /** The user's address (/32). */
    allowedIps: z.array(z.string()),
    /** The tunnel subnets the user may reach (every port). */
    reach: z.array(z.string()),
    /** ms since 1970; null: no end. */
    expiresAt: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('session'),
    id: z.string(),
    publicKey: base64Key,
    /** The session's address (/32). */
    allowedIps: z.array(z.string()),
    /** Fixed when the session was approved: its machine's tunnel subnet and the chosen services' ports. */
    reach: z.object({ network: z.string(), tcp: z.array(z.number().int()), udp: z.array(z.number().int()) }),
    /** ms since 1970: the end of the window. */
    expiresAt: z.number().int(),
  }),
]);
export type HubPeer = z.infer<typeof hubPeerSchema>;

export const hubDesiredStateSchema = z.object({
  hub: z.object({
    id: z.string(),
    /** The interface's address, HUB_INTERFACE_ADDRESS. */
    address: z.string(),
    listenPort: z.number().int(),
    /** Routed into the interface: HUB_NETWORKS. */
    networks: z.array(z.string()),
  }),
  /** Changes only when the content does (a hash of it). */
  version: z.string(),
  /** ms since 1970, the API's clock. */
  generatedAt: z.number().int(),
  peers: z.array(hubPeerSchema),
});
export type HubDesiredState = z.infer<typeof hubDesiredStateSchema>;

export const hubReportSchema = z.object({
  /** The hub's WireGuard public key (made on the hub at first start; its private key never leaves it). */
  publicKey: base64Key,
  /** The `version` of the desired state the hub applied last (null before its first apply). */
  appliedVersion: z.string().nullable(),
  health: z.object({
    ok: z.boolean(),
    /** Why not ok (a state it could not apply, a command missing…), in pt-BR. */
    message: z.string().max(500).optional(),
    /** 'kernel' | 'wireguard-go' | … */
    implementation: z.string().max(40),
    /** ms since 1970. */
    startedAt: z.number().int(),
  }),
  peers: z
    .array(
      z.object({
        publicKey: base64Key,
        /** Seconds since 1970; 0 when never. */
        latestHandshake: z.number().int().min(0),
        rxBytes: z.number().int().min(0),
        txBytes: z.number().int().min(0),
      }),
    )
    .max(MAX_HUB_REPORT_PEERS),
});
export type HubReport = z.infer<typeof hubReportSchema>;

export interface HubReportAnswer {
  gateways: number;
  sessions: number;
  users: number;
}
