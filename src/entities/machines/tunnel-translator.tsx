/**
 * A machine's tunnel subnet (issue 34), as the machine's page and the "Conectar" dialog show it: the gateway maps it
 * 1:1 onto the machine's LAN, so a device at `192.168.0.10` in 192.168.0.0/24 is opened at `10.128.3.10` through
 * the tunnel. The arithmetic is src/contracts/tunnel.ts's; here are the texts and the translator field.
 */
import { useId, useState } from 'react';
import { ipToNumber, lanToTunnel, numberToIp, parseCidr } from '@/contracts/tunnel';
import { cn } from '@/lib/cn';

export const TRANSLATOR_LABEL = 'Endereço na rede da máquina';
export const ADDRESS_INVALID_MESSAGE = 'Digite um endereço IPv4, como 192.168.0.10.';
export const addressOutsideMessage = (address: string, lanSubnet: string) =>
  `O endereço ${address} não está na rede da máquina (${lanSubnet}).`;

/** Why a machine has no tunnel address: no LAN informed, or one not yet given its tunnel subnet. */
export function noTunnelExplanation(lanSubnet: string): string {
  return lanSubnet.trim() === ''
    ? 'Informe a rede da máquina (editar) para ela ganhar um endereço pelo túnel.'
    : 'O endereço pelo túnel é reservado quando a rede da máquina é salva: ainda não há um para esta máquina.';
}

export type Translation =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | { kind: 'outside'; message: string }
  | { kind: 'ok'; tunnelAddress: string };

/** What the translator says of `typed`: the tunnel address, or why there is none. */
export function translateAddress(typed: string, lanSubnet: string, tunnelSubnet: string): Translation {
  const address = typed.trim();
  if (address === '') return { kind: 'empty' };
  if (ipToNumber(address) === null) return { kind: 'invalid', message: ADDRESS_INVALID_MESSAGE };
  const tunnelAddress = lanToTunnel(address, lanSubnet, tunnelSubnet);
  if (tunnelAddress === null) return { kind: 'outside', message: addressOutsideMessage(address, lanSubnet) };
  return { kind: 'ok', tunnelAddress };
}

/** A host of the LAN to show as an example (its 10th address when it has one, else its first host). */
export function exampleLanAddress(lanSubnet: string): string | null {
  const lan = parseCidr(lanSubnet);
  if (!lan) return null;
  const offset = lan.size > 12 ? 10 : Math.min(1, lan.size - 1);
  return numberToIp(lan.start + offset);
}

/**
 * The rule in one sentence: "o endereço do equipamento na rede 192.168.0.0/24 com o prefixo 10.128.3: 192.168.0.10
 * → 10.128.3.10" (prefixes of whole octets), or "… na mesma posição dentro de 10.128.3.64/26: …" otherwise.
 */
export function tunnelRule(lanSubnet: string, tunnelSubnet: string): string | null {
  const tunnel = parseCidr(tunnelSubnet);
  const example = exampleLanAddress(lanSubnet);
  const mapped = example ? lanToTunnel(example, lanSubnet, tunnelSubnet) : null;
  if (!tunnel || !example || !mapped) return null;
  const how =
    tunnel.prefix % 8 === 0 && tunnel.prefix > 0
      ? `com o prefixo ${numberToIp(tunnel.start).split('.').slice(0, tunnel.prefix / 8).join('.')}`
      : `na mesma posição dentro de ${tunnelSubnet}`;
  return `o endereço do equipamento na rede ${lanSubnet} ${how}: ${example} → ${mapped}`;
}

/**
 * "Endereço na rede da máquina": type a device's LAN address, read its tunnel address at once (announced politely),
 * or why it has none (not an address; not in the machine's LAN).
 */
export function TunnelTranslator({
  lanSubnet,
  tunnelSubnet,
  label = TRANSLATOR_LABEL,
  className,
  value,
  onValueChange,
}: {
  lanSubnet: string;
  tunnelSubnet: string;
  label?: string;
  className?: string;
  /** Controlled: what is typed (the caller shows its translation elsewhere too). */
  value?: string;
  onValueChange?: (value: string) => void;
}) {
  const id = useId();
  const [own, setOwn] = useState('');
  const typed = value ?? own;
  const setTyped = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  const result = translateAddress(typed, lanSubnet, tunnelSubnet);
  const problem = result.kind === 'invalid' || result.kind === 'outside' ? result.message : null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={exampleLanAddress(lanSubnet) ?? '192.168.0.10'}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          className={cn(
            'w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-accent-ring sm:max-w-[12rem]',
            problem ? 'border-red-500' : 'border-slate-300',
          )}
        />
        <p className="text-sm text-slate-700">
          <span aria-hidden="true">→ </span>
          <span className="sr-only">Pelo túnel: </span>
          <output htmlFor={id} aria-live="polite" aria-label="Endereço pelo túnel" className="font-mono font-medium text-slate-900">
            {result.kind === 'ok' ? result.tunnelAddress : '—'}
          </output>
        </p>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        Digite o endereço do equipamento na rede {lanSubnet} para ver por qual endereço abri-lo pelo túnel.
      </p>
      {problem ? (
        <p id={errorId} className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
