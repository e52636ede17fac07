import { useCallback } from 'react';
import { Button } from '@/components/ui/button';
import { QrCode } from '@/components/ui/qr-code';
import { downloadFile } from '@/lib/download';
import { formatDateTime } from '@/lib/dates';
import { useIssueRemoteAccessProfileMutation } from '../api';
import type { RemoteAccessProfileView } from '../types';
import { ServiceAddresses } from './service-addresses';
import { buildWireguardConfig, generateWireguardKeyPair, type WireguardKeyPair } from '../wireguard';

/** A profile ready in the page: what the server answered and the `.conf` text (with the private key) made here. */
export interface ReadyProfile {
  profile: RemoteAccessProfileView;
  config: string;
}

/**
 * Issues the profile of an approved session: the key pair is made here (or the one made before the request is
 * used), only its public key is sent, and the file is assembled with the private key. Rejects with the X25519
 * message, or the API's error, before anything is shown: nothing half-made.
 */
export function useIssueProfile(): (sessionId: string, keys?: WireguardKeyPair) => Promise<ReadyProfile> {
  const [issue] = useIssueRemoteAccessProfileMutation();
  return useCallback(
    async (sessionId, keys) => {
      const pair = keys ?? (await generateWireguardKeyPair());
      const profile = await issue({ id: sessionId, publicKey: pair.publicKey }).unwrap();
      return { profile, config: buildWireguardConfig(profile, pair.privateKey) };
    },
    [issue],
  );
}

/**
 * "Acesso liberado até {data e hora}", "Baixar perfil WireGuard" (the `.conf`), its QR code for the phone app and
 * how to import it.
 */
export function ProfileReady({ ready }: { ready: ReadyProfile }) {
  const { profile, config } = ready;
  // A profile answered before issue 34 has no tunnel subnet: the services are then said without addresses.
  const tunnelSubnet = profile.tunnelSubnet as string | undefined;
  const lanSubnet = profile.lanSubnet as string | undefined;
  const services = profile.services.map((service) => `${service.name} (porta ${service.port})`).join(', ');
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
        <p className="font-semibold">Acesso liberado até {formatDateTime(profile.validUntil)}</p>
        <p className="mt-0.5">
          O perfil alcança só a rede da máquina pelo túnel (<span className="font-mono">{profile.peer.allowedIps.join(', ')}</span>)
          {services ? `: ${services}` : ''}.
        </p>
      </div>
      {tunnelSubnet && lanSubnet ? (
        <ServiceAddresses services={profile.services} lanSubnet={lanSubnet} tunnelSubnet={tunnelSubnet} />
      ) : null}
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <QrCode value={config} size={208} label={`QR code do perfil WireGuard de ${profile.session.machineName}`} className="shrink-0" />
        <div className="min-w-0 space-y-3 text-sm text-slate-700">
          <Button onClick={() => downloadFile(profile.fileName, config, 'text/plain;charset=utf-8')}>Baixar perfil WireGuard</Button>
          <h3 className="font-semibold text-slate-900">Como importar</h3>
          <ol className="list-decimal space-y-1 pl-5">
            <li>Instale o aplicativo WireGuard (wireguard.com/install) no computador ou no celular.</li>
            <li>
              No computador: “Importar túnel(is) de arquivo” e escolha <span className="font-mono">{profile.fileName}</span>. No
              celular: toque em “+” e “Escanear código QR”.
            </li>
            <li>Ative o túnel e abra cada serviço pelo endereço dele no túnel (acima).</li>
          </ol>
          <p className="text-slate-600">
            O arquivo contém a sua chave privada, que não sai deste navegador nem fica guardada no Ponte IIoT: não o
            compartilhe. Se perder o arquivo, gere o acesso de novo.
          </p>
        </div>
      </div>
    </div>
  );
}
