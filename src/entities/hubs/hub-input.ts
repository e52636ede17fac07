/**
 * A hub's fields as staff type them (Back office → VPN → Hubs) and as the unit tests' API checks them: the VPN API's
 * own rules and messages (src/server/vpn/routes/hubs/schemas.ts), said before sending.
 */
import { z } from 'zod';
import { DEFAULT_HUB_PORT } from '@/contracts/hub';

export const HUB_NAME_MESSAGE = 'Informe o nome do hub (até 80 caracteres).';
export const HUB_REGION_MESSAGE = 'Informe a região do hub (até 40 caracteres).';
export const HUB_HOST_MESSAGE = 'Informe o endereço do hub: um nome (vpn1.exemplo.com.br) ou um endereço IPv4.';
export const HUB_PORT_MESSAGE = 'A porta do hub deve ser um número inteiro entre 1 e 65535.';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** A hub's endpoint host: an IPv4 address or a DNS name (no scheme, no port). */
export const isHubHost = (value: string): boolean => (/^[\d.]+$/.test(value) ? IPV4.test(value) : HOSTNAME.test(value));

const name = z.string({ error: HUB_NAME_MESSAGE }).trim().min(1, { error: HUB_NAME_MESSAGE }).max(80, { error: HUB_NAME_MESSAGE });
const region = z.string({ error: HUB_REGION_MESSAGE }).trim().min(1, { error: HUB_REGION_MESSAGE }).max(40, { error: HUB_REGION_MESSAGE });
const endpointHost = z.string({ error: HUB_HOST_MESSAGE }).trim().refine(isHubHost, { error: HUB_HOST_MESSAGE });
const isPort = (value: number) => Number.isInteger(value) && value >= 1 && value <= 65535;

/** What the API takes (`POST /hub`, `PATCH /hub/{id}`). */
export const hubInputSchema = z.object({
  name,
  region,
  endpointHost,
  endpointPort: z.number({ error: HUB_PORT_MESSAGE }).refine(isPort, { error: HUB_PORT_MESSAGE }).default(DEFAULT_HUB_PORT),
});
export type HubInput = z.output<typeof hubInputSchema>;

/** The form: the port as typed (text), sent as a number. */
export const hubFormSchema = z.object({
  name,
  region,
  endpointHost,
  endpointPort: z
    .string()
    .trim()
    .refine((value) => /^\d{1,5}$/.test(value) && isPort(Number(value)), { error: HUB_PORT_MESSAGE })
    .transform(Number),
});
export type HubFormValues = z.input<typeof hubFormSchema>;
