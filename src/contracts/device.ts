/**
 * Device: a connectivity gateway (Ponte G1) installed in a machine, reached over VPN. One contract for the screens,
 * the API slice and the demo backend: the record, its status labels, the list query, the setup code (printed on
 * the gateway's label and in its QR code) and the connection history.
 */
import { z } from 'zod';
import { defineListQuery, requiredText } from './common';

export type DeviceStatus = 'online' | 'offline' | 'never-connected';

export const DEVICE_STATUSES = ['online', 'offline', 'never-connected'] as const satisfies readonly DeviceStatus[];

/** screens.md: "Online", "Offline", "Nunca conectado". */
export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  'never-connected': 'Nunca conectado',
};

export interface Device {
  id: string;
  serialNumber: string;
  /** `PNT-XXXX-XXXX-XXXX`, upper-case. */
  setupCode: string;
  name: string;
  hardwareModel: string;
  firmware: string;
  status: DeviceStatus;
  /** null: it never reached the platform. */
  lastSeenAt: Date | null;
  /** Its address inside the VPN, once it has one. */
  vpnAddress: string | null;
  /** The machine it is installed in. */
  machineId: string | null;
  machineName: string | null;
  /** The order that provisioned it (null: bought elsewhere and claimed with its code). */
  orderId: string | null;
  /** That order's number, as its pages show it (#1005). */
  orderNumber: number | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A status a hub records a change to (a gateway is never "never-connected" again once it connected). */
export type DeviceStatusChange = Exclude<DeviceStatus, 'never-connected'>;

/** One online/offline transition the hubs' reports (and the offline sweep) recorded. */
export interface DeviceStatusEvent {
  status: DeviceStatusChange;
  changedAt: Date;
}

/** How many transitions GET /device/:id answers (the server's DEVICE_STATUS_HISTORY). */
export const DEVICE_STATUS_HISTORY_SIZE = 5;

/** GET /device/:id: the device and its last status changes, newest first (empty while none was recorded). */
export interface DeviceDetail extends Device {
  statusHistory: DeviceStatusEvent[];
}

/** One VPN session through a device: who, from where, when and how much traffic. */
export interface DeviceConnection {
  id: string;
  deviceId: string;
  machineId: string | null;
  userName: string;
  userEmail: string;
  startedAt: Date;
  /** null: still connected. */
  endedAt: Date | null;
  publicIp: string;
  bytesIn: number;
  bytesOut: number;
}

export type DeviceSortKey = 'name' | 'serialNumber' | 'status' | 'lastSeenAt';

/** Search (`q`) over serial number, name, setup code and machine name; filter by status. */
export const deviceListQuery = defineListQuery<DeviceSortKey, { status: DeviceStatus }>({
  sortKeys: ['name', 'serialNumber', 'status', 'lastSeenAt'],
  defaultSort: 'name',
  filters: { status: DEVICE_STATUSES },
});

export type DeviceListQuery = ReturnType<typeof deviceListQuery.parse>;

/** A device's connection history: newest first, paged. */
export const deviceConnectionListQuery = defineListQuery<'startedAt'>({
  sortKeys: ['startedAt'],
  defaultSort: '-startedAt',
});

export type DeviceConnectionListQuery = ReturnType<typeof deviceConnectionListQuery.parse>;

// ---- setup codes ----

/** Crockford base32: digits and capitals without I, L, O and U. */
export const SETUP_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** `PNT-` and three groups of four characters of {@link SETUP_CODE_ALPHABET}. */
export const SETUP_CODE_PATTERN = /^PNT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
/** What a setup code looks like, for the texts that show its form. */
export const SETUP_CODE_FORMAT = 'PNT-XXXX-XXXX-XXXX';
const SETUP_CODE_GROUPS = 3;
const SETUP_CODE_GROUP_LENGTH = 4;
/** A code is a claim secret: 12 characters of a 32-letter alphabet, 5 bits each. */
export const SETUP_CODE_BITS = SETUP_CODE_GROUPS * SETUP_CODE_GROUP_LENGTH * Math.log2(SETUP_CODE_ALPHABET.length);

/** A new setup code, crypto-random (256 is a multiple of 32: `byte % 32` has no bias). */
export function newSetupCode(): string {
  const bytes = new Uint8Array(SETUP_CODE_GROUPS * SETUP_CODE_GROUP_LENGTH);
  crypto.getRandomValues(bytes);
  const chars = Array.from(bytes, (byte) => SETUP_CODE_ALPHABET[byte % SETUP_CODE_ALPHABET.length] ?? '0').join('');
  const groups = Array.from({ length: SETUP_CODE_GROUPS }, (_, index) =>
    chars.slice(index * SETUP_CODE_GROUP_LENGTH, (index + 1) * SETUP_CODE_GROUP_LENGTH),
  );
  return `PNT-${groups.join('-')}`;
}

export const SETUP_CODE_MESSAGES = {
  empty: 'Informe o código de configuração.',
  invalid: 'Código inválido.',
  /** Unknown, already used or another account's: one answer, so a code's state is told to no one but its owner. */
  notFound: 'Código não encontrado ou já vinculado a outra conta.',
} as const;

/** The code as stored: trimmed and upper-case (`pnt-7k2m-4q9x-h3vd` is `PNT-7K2M-4Q9X-H3VD`). Not validated. */
export function normalizeSetupCode(value: string): string {
  return value.trim().toUpperCase();
}

export function isSetupCode(value: string): boolean {
  return SETUP_CODE_PATTERN.test(normalizeSetupCode(value));
}

/** A setup code as typed (any case, spaces around) → the stored form; "Código inválido." otherwise. */
export const setupCodeField = z
  .string({ error: SETUP_CODE_MESSAGES.empty })
  .transform(normalizeSetupCode)
  .refine((value) => value !== '', { error: SETUP_CODE_MESSAGES.empty })
  .refine((value) => value === '' || SETUP_CODE_PATTERN.test(value), { error: SETUP_CODE_MESSAGES.invalid });

/** POST /device/claim. */
export const claimDeviceSchema = z.object({ code: setupCodeField });
export type ClaimDeviceFormValues = z.input<typeof claimDeviceSchema>;
export type ClaimDeviceInput = z.output<typeof claimDeviceSchema>;

/** GET /device/setup/:code: the gateway a code belongs to, and whether the caller already owns it. */
export interface DeviceSetupLookup {
  device: Device;
  ownedByYou: boolean;
}

// ---- writes ----

/** PUT /device/:id (with `If-Match`). */
export const deviceUpdateSchema = z.object({ name: requiredText('Informe o nome do dispositivo.') });
export type DeviceUpdateFormValues = z.input<typeof deviceUpdateSchema>;
export type DeviceUpdateInput = z.output<typeof deviceUpdateSchema>;

/**
 * PUT /device/:id/machine: links the device to a machine, changes it, or unlinks it (`machineId: null`). A machine
 * that already holds another device is refused (409 `machine-has-device`) unless `move: true`, which takes it off.
 */
export const deviceMachineSchema = z.object({
  machineId: z.string({ error: 'Escolha uma máquina.' }).trim().min(1, { error: 'Escolha uma máquina.' }).max(64).nullable(),
  move: z.boolean().default(false),
});
export type DeviceMachineInput = z.output<typeof deviceMachineSchema>;

export const DEVICE_MACHINE_TAKEN_CODE = 'machine-has-device';

export function machineHasDeviceMessage(machineName: string, deviceName: string): string {
  return `A máquina ${machineName} já tem o dispositivo ${deviceName}. Deseja mover o dispositivo ${deviceName} para fora dela e vincular este?`;
}

/** A file name made of a device name: `Gateway Injetora IH-450 #01` → `gateway-injetora-ih-450-01`. */
export function deviceFileBaseName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'dispositivo';
}
