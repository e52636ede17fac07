import type { Machine } from '@/contracts/machine';
import { DescriptionList, DetailSection } from '@/components/ui/detail-page';
import { noTunnelExplanation, TunnelTranslator, tunnelRule } from '@/entities/machines/tunnel-translator';

/**
 * "Rede": the machine's LAN ("Rede da máquina") and its tunnel subnet ("Endereço pelo túnel", what an engineer
 * opens through the VPN; the gateway maps it 1:1 onto the LAN), with the address translator.
 */
export function TunnelSection({ machine }: { machine: Pick<Machine, 'lanSubnet' | 'tunnelSubnet'> }) {
  const { lanSubnet, tunnelSubnet } = machine;
  const rule = lanSubnet && tunnelSubnet ? tunnelRule(lanSubnet, tunnelSubnet) : null;
  return (
    <DetailSection title="Rede">
      <DescriptionList
        items={[
          {
            term: 'Rede da máquina',
            description: lanSubnet ? <span className="font-mono">{lanSubnet}</span> : 'Não informada',
          },
          {
            term: 'Endereço pelo túnel',
            description: tunnelSubnet ? (
              <span className="font-mono">{tunnelSubnet}</span>
            ) : (
              <span className="flex flex-col">
                <span aria-hidden="true">—</span>
                <span className="sr-only">Nenhum.</span>
                <span className="text-xs text-slate-600">{noTunnelExplanation(lanSubnet)}</span>
              </span>
            ),
          },
        ]}
      />
      {lanSubnet && tunnelSubnet ? (
        <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-700">
            Pela VPN, abra cada equipamento desta máquina pelo endereço correspondente no túnel
            {rule ? ` — ${rule}` : ''}. Assim, duas fábricas com a mesma rede são alcançadas cada uma pelo seu endereço.
          </p>
          <TunnelTranslator lanSubnet={lanSubnet} tunnelSubnet={tunnelSubnet} />
        </div>
      ) : null}
    </DetailSection>
  );
}
