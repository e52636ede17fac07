/**
 * "Como abrir cada serviço" in the "Conectar" result (issue 34): through the profile the machine's LAN is reached at
 * its tunnel subnet, so each chosen service is opened at the device's tunnel address. The device's host in the LAN
 * is not known here: the rule is said ("192.168.0.10 → 10.128.3.10"), and typing it in the translator fills every
 * line with the real address.
 */
import { useState } from 'react';
import { protocolLabel } from '@/contracts/machine-model';
import type { RemoteAccessService } from '@/contracts/remote-access';
import { translateAddress, TunnelTranslator, tunnelRule } from '@/entities/machines/tunnel-translator';

export const HOST_PLACEHOLDER = '<endereço pelo túnel do equipamento>';

const portSuffix = (port: number, usual: number) => (port === usual ? '' : `:${port}`);

/** What to do to open the service at `host`: "abra http://10.128.3.10", "rode ssh usuário@10.128.3.10"… */
export function howToOpen(service: Pick<RemoteAccessService, 'protocol' | 'port'>, host: string): string {
  const { port } = service;
  switch (service.protocol) {
    case 'http':
      return `abra http://${host}${portSuffix(port, 80)}`;
    case 'https':
      return `abra https://${host}${portSuffix(port, 443)}`;
    case 'rdp':
      return `conecte a Área de Trabalho Remota a ${host}${portSuffix(port, 3389)}`;
    case 'ssh':
      return `rode ssh ${port === 22 ? '' : `-p ${port} `}usuário@${host}`;
    case 'vnc':
      return `conecte o cliente VNC a ${host}, porta ${port}`;
    case 'modbus-tcp':
      return `aponte o cliente Modbus TCP para ${host}, porta ${port}`;
    case 's7':
      return `aponte o software do CLP (S7) para ${host}, porta ${port}`;
    default:
      return `use ${host}, porta ${port}`;
  }
}

export const serviceTitle = (service: RemoteAccessService) =>
  // The protocol as people say it, without the label's explanation: "HTTP", "Modbus TCP", "Siemens S7".
  `${service.name} (${protocolLabel(String(service.protocol)).replace(/\s*\(.*\)$/, '')}, porta ${service.port})`;

/** The services and how to open each, with the translator that turns the device's LAN address into its tunnel one. */
export function ServiceAddresses({
  services,
  lanSubnet,
  tunnelSubnet,
}: {
  services: readonly RemoteAccessService[];
  lanSubnet: string;
  tunnelSubnet: string;
}) {
  const [typed, setTyped] = useState('');
  const translation = translateAddress(typed, lanSubnet, tunnelSubnet);
  const host = translation.kind === 'ok' ? translation.tunnelAddress : HOST_PLACEHOLDER;
  const rule = tunnelRule(lanSubnet, tunnelSubnet);
  return (
    <section aria-labelledby="service-addresses-heading" className="space-y-3 rounded-md border border-slate-200 px-4 py-3">
      <h3 id="service-addresses-heading" className="text-sm font-semibold text-slate-900">
        Como abrir cada serviço
      </h3>
      <p className="text-sm text-slate-700">
        Pelo túnel, a rede da máquina (<span className="font-mono">{lanSubnet}</span>) aparece como{' '}
        <span className="font-mono">{tunnelSubnet}</span>: abra cada equipamento pelo endereço dele no túnel
        {rule ? ` — ${rule}` : ''}.
      </p>
      <ul className="space-y-1 text-sm text-slate-800">
        {services.map((service) => (
          <li key={`${service.protocol}-${service.port}`}>
            <span className="font-medium">{serviceTitle(service)}</span>:{' '}
            <span className="break-words">{howToOpen(service, host)}</span>
          </li>
        ))}
      </ul>
      <TunnelTranslator lanSubnet={lanSubnet} tunnelSubnet={tunnelSubnet} value={typed} onValueChange={setTyped} />
    </section>
  );
}
