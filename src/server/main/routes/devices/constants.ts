/** The devices resource's messages and the VPN's fixed parameters (as the demo's). */

export const DEVICE_NOT_FOUND = 'Dispositivo não encontrado.';
export const DEVICE_MACHINE_NOT_FOUND = 'Máquina não encontrada.';
export const DEVICE_ID_REQUIRED = 'Informe o dispositivo.';
export const DEVICE_TAG = 'Dispositivos';

/** The VPN network: every gateway gets an address in 10.88.0.0/16 (10.88.0.1 is the VPN server). */
export const VPN_NETWORK = '10.88.0.0/16';
export const VPN_SERVER_ADDRESS = '10.88.0.1';
export const VPN_ENDPOINT = 'vpn.ponteiiot.com.br:51820';

/**
 * The VPN server's WireGuard public key: the `VPN_SERVER_PUBLIC_KEY` variable when set, else the demo's stand-in
 * (`demoKey('ponte-vpn-server:public')` of src/testing/fake-api/wireguard-keys.ts), as the VPN Worker's network.ts does.
 */
const DEMO_SERVER_PUBLIC_KEY = 'HG7cXbE3togXgynzrbeMzxaQrqp53KCxTlCpSTywoaM=';

export function vpnServerPublicKey(env: object): string {
  const configured = (env as { VPN_SERVER_PUBLIC_KEY?: unknown }).VPN_SERVER_PUBLIC_KEY;
  return typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : DEMO_SERVER_PUBLIC_KEY;
}
