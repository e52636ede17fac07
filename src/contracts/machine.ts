/**
 * Machine: equipment the builder made, installed at one of its customers (or still in stock), reached through a
 * gateway. One contract for the form, the API slice and the demo backend: the record, the input schema (create
 * and update), the list query, and the machine's access history (who connected through its gateway).
 */
import { z } from 'zod';
import { defineListQuery, MAX_NAME_LENGTH, optionalText, requiredText } from './common';
import type { DeviceStatus } from './device';
import { duplicatePortIndexes, MAX_SERVICES, serviceInputSchema, type MachineService } from './machine-model';
import { machineLanProblem } from './tunnel';
import { DAY_MS } from './validators/days';

// ---- services: the model's (src/contracts/machine-model.ts), copied to each machine and edited there ----

export type { MachineService, ServiceProtocol } from './machine-model';

export const DUPLICATE_MACHINE_PORT_MESSAGE = 'Porta já usada por outro serviço desta máquina.';

/** Services of a machine: the model's rules (each port once). */
export const servicesField = z
  .array(serviceInputSchema)
  .max(MAX_SERVICES, { error: `Use no máximo ${MAX_SERVICES} serviços.` })
  .superRefine((services, ctx) => {
    for (const index of duplicatePortIndexes(services)) {
      ctx.addIssue({ code: 'custom', message: DUPLICATE_MACHINE_PORT_MESSAGE, path: [index, 'port'] });
    }
  })
  .default([]);

// ---- the record ----

/** The gateway installed on a machine, as the machine's list and detail show it. */
export interface MachineDevice {
  id: string;
  name: string;
  serialNumber: string;
  status: DeviceStatus;
  lastSeenAt: Date | null;
}

export interface Machine {
  id: string;
  /** Name or tag, e.g. "IH-450 #01". */
  name: string;
  serialNumber: string;
  modelId: string;
  modelName: string;
  /** null: in stock, not installed at a customer. */
  customerId: string | null;
  customerName: string | null;
  /** The gateway installed on it, if any. */
  deviceId: string | null;
  /** That gateway's name and live status (null without one). */
  device: MachineDevice | null;
  site: string;
  /** The machine's LAN, IPv4 CIDR ('' when not informed). */
  lanSubnet: string;
  /**
   * "Endereço pelo túnel": the machine's tunnel subnet (the same size as its LAN, unique across the platform; the
   * gateway maps it 1:1 onto the LAN — src/contracts/tunnel.ts); null without a LAN.
   */
  tunnelSubnet: string | null;
  services: MachineService[];
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

// ---- the input ----

export const SERIAL_NUMBER_SPACES_MESSAGE = 'O número de série não pode ter espaços.';
export const MACHINE_MODEL_GONE_MESSAGE = 'O modelo escolhido não existe mais.';
export const MACHINE_CUSTOMER_GONE_MESSAGE = 'O cliente escolhido não existe mais.';
export const MACHINE_DEVICE_GONE_MESSAGE = 'O dispositivo escolhido não existe mais.';

/** 409 `device-in-use`: the gateway is installed on another machine (send `moveDevice: true` to move it). */
export const DEVICE_IN_USE_CODE = 'device-in-use';
export function deviceInUseMessage(machineName: string): string {
  return `Este dispositivo está na máquina ${machineName}.`;
}

/** Create and update take the same fields; `moveDevice` moves a gateway another machine holds. */
export const machineInputSchema = z.object({
  name: requiredText('Informe o nome da máquina.'),
  serialNumber: optionalText(60).refine((value) => !/\s/.test(value), { error: SERIAL_NUMBER_SPACES_MESSAGE }),
  modelId: requiredText('Escolha o modelo.', MAX_NAME_LENGTH),
  customerId: requiredText('Escolha o cliente.', MAX_NAME_LENGTH),
  /** '' or null: no gateway. */
  deviceId: z
    .string()
    .trim()
    .max(MAX_NAME_LENGTH)
    .nullable()
    .default('')
    .transform((value) => (value ? value : null)),
  site: optionalText(),
  lanSubnet: z
    .string()
    .trim()
    // A private network (RFC 1918) from /16 to /30, or '' (src/contracts/tunnel.ts says why not).
    .superRefine((value, ctx) => {
      const problem = value === '' ? null : machineLanProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default(''),
  services: servicesField,
  moveDevice: z.boolean().optional(),
});

/** What the form holds (as typed: ports as text). */
export type MachineFormValues = z.input<typeof machineInputSchema>;
/** What the API receives (normalised). */
export type MachineInput = z.output<typeof machineInputSchema>;

// ---- the list ----

export type MachineSortKey = 'name' | 'serialNumber' | 'modelName' | 'customerName' | 'site' | 'createdAt';

/** `customer` and `model` filter by id: any id is accepted (an unknown one simply matches nothing). */
export const machineListQuery = defineListQuery<MachineSortKey, { customer: string; model: string }>({
  sortKeys: ['name', 'serialNumber', 'modelName', 'customerName', 'site', 'createdAt'],
  defaultSort: 'name',
  filters: { customer: 'any', model: 'any' },
});

export type MachineListQuery = ReturnType<typeof machineListQuery.parse>;

// ---- access history ----

/** One session through the machine's gateway: who, from where, when, how long, how much traffic. */
export interface AccessEntry {
  id: string;
  userName: string;
  userEmail: string;
  publicIp: string;
  startedAt: Date;
  /** null: still connected. */
  endedAt: Date | null;
  /** Until now while still connected. */
  durationSeconds: number;
  bytesIn: number;
  bytesOut: number;
}

export const ACCESS_PERIOD_DAYS = ['7', '30', '90'] as const;
export type AccessPeriodDays = (typeof ACCESS_PERIOD_DAYS)[number];

/**
 * `GET /machine/:id/access?days=30` (the last 7, 30 or 90 days) or `?from=2026-11-01&to=2026-11-15` (dates,
 * inclusive, or ISO instants); newest first; neither: the whole history.
 */
export const accessListQuery = defineListQuery<'startedAt', { days: AccessPeriodDays; from: string; to: string }>({
  sortKeys: ['startedAt'],
  defaultSort: '-startedAt',
  filters: { days: ACCESS_PERIOD_DAYS, from: 'any', to: 'any' },
});

export type AccessListQuery = ReturnType<typeof accessListQuery.parse>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function instant(value: string | undefined, endOfDay: boolean): number | null {
  if (!value) return null;
  const ms = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) return null;
  return DATE_ONLY.test(value) && endOfDay ? ms + DAY_MS - 1 : ms;
}

/**
 * The period a query asks for, in epoch ms (`start`/`end` null: open). `days` counts back from `now`; `from`/`to`
 * (dates as UTC days, inclusive) apply when `days` is absent; an unreadable date is ignored.
 */
export function accessPeriod(query: Pick<AccessListQuery, 'filters'>, now: number): { start: number | null; end: number | null } {
  const { days, from, to } = query.filters;
  if (days) return { start: now - Number(days) * DAY_MS, end: null };
  return { start: instant(from, false), end: instant(to, true) };
}
