/**
 * The devices resource's messages. The VPN's addresses are the hub contract's (src/contracts/hub.ts); a gateway's
 * hub (its endpoint and public key) is a record (src/server/vpn/routes/hubs/assign.ts).
 */

export const DEVICE_NOT_FOUND = 'Dispositivo não encontrado.';
export const DEVICE_MACHINE_NOT_FOUND = 'Máquina não encontrada.';
export const DEVICE_ID_REQUIRED = 'Informe o dispositivo.';
export const DEVICE_TAG = 'Dispositivos';
