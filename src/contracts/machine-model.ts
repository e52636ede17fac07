/**
 * Machine model: a kind of machine the builder makes ("Injetora IH-450"), with the services every machine of
 * that model exposes by default (IHM web on 443, CLP S7 on 102…). A new machine's services are prefilled from
 * its model (`GET /machine-model?perPage=100&sort=name`, `GET /machine-model/:id`: keep this shape). One contract
 * for the form, the API slice and the demo backend.
 */
import { z } from 'zod';
import { defineListQuery, optionalText, requiredText } from './common';

export const SERVICE_PROTOCOL_IDS = ['http', 'https', 'vnc', 'rdp', 'ssh', 'modbus-tcp', 's7'] as const;
export type ServiceProtocol = (typeof SERVICE_PROTOCOL_IDS)[number];

/** Each protocol's label (as people in the field say it) and its usual port, which the form fills in. */
export const SERVICE_PROTOCOLS: Readonly<Record<ServiceProtocol, { label: string; defaultPort: number }>> = {
  http: { label: 'HTTP (web)', defaultPort: 80 },
  https: { label: 'HTTPS (web seguro)', defaultPort: 443 },
  vnc: { label: 'VNC (tela remota)', defaultPort: 5900 },
  rdp: { label: 'RDP (área de trabalho remota)', defaultPort: 3389 },
  ssh: { label: 'SSH (terminal)', defaultPort: 22 },
  'modbus-tcp': { label: 'Modbus TCP', defaultPort: 502 },
  s7: { label: 'Siemens S7', defaultPort: 102 },
};

export function isServiceProtocol(value: unknown): value is ServiceProtocol {
  return typeof value === 'string' && (SERVICE_PROTOCOL_IDS as readonly string[]).includes(value);
}

/** "Siemens S7"; an unknown protocol is shown as it came. */
export function protocolLabel(protocol: string): string {
  return isServiceProtocol(protocol) ? SERVICE_PROTOCOLS[protocol].label : protocol;
}

export interface MachineService {
  name: string;
  protocol: ServiceProtocol;
  /** 1–65535. */
  port: number;
}

export interface MachineModel {
  id: string;
  name: string;
  manufacturer: string;
  category: string;
  description: string;
  services: MachineService[];
  /** How many of the account's machines are of this model. */
  machineCount: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const MIN_PORT = 1;
export const MAX_PORT = 65535;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_SERVICES = 20;
export const MAX_SERVICE_NAME_LENGTH = 60;

export const PORT_MESSAGES = {
  empty: 'Informe a porta.',
  notInteger: `A porta deve ser um número inteiro de ${MIN_PORT} a ${MAX_PORT}.`,
  range: `Porta fora do intervalo: use um número de ${MIN_PORT} a ${MAX_PORT}.`,
  duplicate: 'Porta já usada por outro serviço deste modelo.',
} as const;

/** The port a value stands for (a number, or digits as typed), or null when it is not a whole number. */
export function portNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** What is wrong with a port as typed (or sent), or null when it is a valid one. */
export function portProblem(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return PORT_MESSAGES.empty;
  const port = portNumber(value);
  if (port === null) return PORT_MESSAGES.notInteger;
  return port < MIN_PORT || port > MAX_PORT ? PORT_MESSAGES.range : null;
}

/** The form holds the port as typed (text); the API gets and stores a number. */
export const portField = z.union([z.string(), z.number()], { error: PORT_MESSAGES.empty }).transform((value, ctx) => {
  const problem = portProblem(value);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return portNumber(value) as number;
});

const PROTOCOL_MISSING = 'Escolha o protocolo.';

export const serviceInputSchema = z.object({
  name: requiredText('Informe o nome do serviço.', MAX_SERVICE_NAME_LENGTH),
  // The form starts a new service with no protocol chosen (''): the input is any text, the output a protocol.
  protocol: z
    .string({ error: PROTOCOL_MISSING })
    .refine(isServiceProtocol, { error: PROTOCOL_MISSING })
    .transform((value) => value as ServiceProtocol),
  port: portField,
});

/**
 * Index of every service whose port an earlier service of the same model already uses (the second one is the
 * one refused). Works on values as typed: ports that are not numbers yet are skipped.
 */
export function duplicatePortIndexes(services: ReadonlyArray<{ port?: unknown }>): number[] {
  const seen = new Set<number>();
  const duplicates: number[] = [];
  services.forEach((service, index) => {
    const port = portNumber(service.port);
    if (port === null) return;
    if (seen.has(port)) duplicates.push(index);
    else seen.add(port);
  });
  return duplicates;
}

export const machineModelInputSchema = z
  .object({
    name: requiredText('Informe o nome do modelo.'),
    manufacturer: optionalText(),
    category: optionalText(80),
    description: optionalText(MAX_DESCRIPTION_LENGTH),
    services: z
      .array(serviceInputSchema, { error: 'Informe os serviços do modelo.' })
      .max(MAX_SERVICES, { error: `Use no máximo ${MAX_SERVICES} serviços por modelo.` })
      .default([]),
  })
  .check((ctx) => {
    // Said even while other fields are still wrong (`when`), on the second service's port.
    const services: unknown = (ctx.value as { services?: unknown }).services;
    if (!Array.isArray(services)) return;
    for (const index of duplicatePortIndexes(services as Array<{ port?: unknown }>)) {
      ctx.issues.push({
        code: 'custom',
        message: PORT_MESSAGES.duplicate,
        path: ['services', index, 'port'],
        input: ctx.value,
        continue: true,
      });
    }
  });

/** What the form holds (ports as typed). */
export type MachineModelFormValues = z.input<typeof machineModelInputSchema>;
export type MachineServiceFormValues = z.input<typeof serviceInputSchema>;
/** What the API receives (trimmed, ports as numbers). */
export type MachineModelInput = z.output<typeof machineModelInputSchema>;

export type MachineModelSortKey = 'name' | 'manufacturer' | 'category' | 'createdAt';

/** `category` filters by the exact category (any text). */
export const machineModelListQuery = defineListQuery<MachineModelSortKey, { category: string }>({
  sortKeys: ['name', 'manufacturer', 'category', 'createdAt'],
  defaultSort: 'name',
  filters: { category: 'any' },
});

export type MachineModelListQuery = ReturnType<typeof machineModelListQuery.parse>;

/** `n máquinas` in pt-BR (kept here so this contract does not load the customer's). */
export function modelMachinesCount(n: number): string {
  return n === 1 ? '1 máquina' : `${n} máquinas`;
}

/** The 409 of deleting a model that machines still use: names how many. */
export function machineModelInUseMessage(n: number): string {
  return `Este modelo não pode ser excluído: ${modelMachinesCount(n)} ${n === 1 ? 'o usa' : 'o usam'}. Troque o modelo ${n === 1 ? 'dessa máquina' : 'dessas máquinas'} ou ${n === 1 ? 'exclua-a' : 'exclua-as'} antes.`;
}
