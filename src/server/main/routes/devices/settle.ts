/**
 * Demo mode: gateways come online after their configuration download — the simulation lives in
 * src/server/demo/simulation.ts (issue 34: apart from the status the hubs report); re-exported for the device reads.
 */
export { DEVICE_ONLINE_DELAY_MS, settleDueDevices, settleInDemo } from '../../../demo/simulation';
