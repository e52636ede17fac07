/**
 * A grant is fixed when it is approved (issue 34): what a session may reach — its machine's tunnel subnet, the LAN
 * it maps to and the chosen services — is copied into the session at the moment it becomes `approved` (at the
 * request, by an Administrador, or by the factory's link) and never follows later edits of the machine (an edit of
 * the LAN, services or gateway ends the session instead: machines/sessions.ts).
 */
import { REMOTE_ACCESS_MESSAGES as M, type RemoteAccessService } from '@/contracts/remote-access';
import type { Db } from '../../../shared/app-env';
import { conflict, notFound } from '../../../shared/errors';
import { findMachine, type MachineJson } from '../machines/queries';

export interface Grant {
  tunnelSubnet: string;
  lanSubnet: string;
  services: RemoteAccessService[];
}

/** The grant of `machine` now, for the chosen ports (null: every service); 409 when it cannot be reached. */
export function grantFrom(machine: Pick<MachineJson, 'lanSubnet' | 'tunnelSubnet' | 'services'>, ports: readonly number[] | null): Grant {
  if (machine.lanSubnet.trim() === '') throw conflict('no-lan-subnet', M.noLanSubnet);
  if (!machine.tunnelSubnet) throw conflict('no-tunnel', M.noTunnel);
  const services = machine.services
    .filter((service) => ports === null || ports.includes(service.port))
    .map(({ name, protocol, port }) => ({ name, protocol, port }));
  if (services.length === 0) throw conflict('no-services', M.noServices);
  return { tunnelSubnet: machine.tunnelSubnet, lanSubnet: machine.lanSubnet, services };
}

/** The grant of a session's machine as it is now, for the session's chosen services (404: the machine is gone). */
export async function grantAtApproval(db: Db, owner: string, session: { machineId: string; services: readonly RemoteAccessService[] }): Promise<Grant> {
  const machine = await findMachine(db, owner, session.machineId);
  if (!machine) throw notFound(M.machineNotFound);
  return grantFrom(machine, session.services.map((service) => service.port));
}
