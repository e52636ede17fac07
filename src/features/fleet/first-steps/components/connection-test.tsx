import { useEffect, useReducer, useState } from 'react';
import type { Device } from '@/contracts/device';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api/errors';
import { useGetDeviceQuery } from '../../devices/api';
import { CONNECTION_POLL_MS, formatElapsed, VPN_UDP_PORT } from '../progress';

/** Milliseconds since `startedAt`, re-rendering every second while `running`. */
function useElapsed(startedAt: number, running: boolean): number {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [running]);
  return Math.max(0, Date.now() - startedAt);
}

/**
 * Step 4, "Testar conexão": asks the gateway's status every few seconds and shows how long it has been. Once it is
 * online the wizard finishes (the screen derives it from the same query). After `timeoutMs` without it, polling
 * stops and the screen says what to check on site; "Tentar novamente" waits again from zero.
 */
export function ConnectionTest({
  device,
  startedAt: initialStart,
  timeoutMs,
  onRedownload,
}: {
  device: Pick<Device, 'id' | 'name'>;
  /** When the wait began (the download time, kept across reloads). */
  startedAt: number;
  timeoutMs: number;
  onRedownload(): void;
}) {
  const [startedAt, setStartedAt] = useState(initialStart);
  const [running, setRunning] = useState(true);
  const elapsed = useElapsed(startedAt, running);
  const timedOut = elapsed >= timeoutMs;
  if (timedOut && running) setRunning(false);
  const status = useGetDeviceQuery(device.id, { pollingInterval: running && !timedOut ? CONNECTION_POLL_MS : 0 });
  const online = status.currentData?.status === 'online';

  if (online) {
    return (
      <p role="status" className="text-sm font-medium text-green-800">
        Gateway conectado.
      </p>
    );
  }

  if (timedOut) {
    return (
      <div className="space-y-4">
        <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">
            {device.name} ainda não se conectou ({formatElapsed(timeoutMs)} de espera).
          </p>
          <p>Confira no local, com o gateway à vista:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              <strong className="font-semibold">Energia:</strong> o gateway está ligado na tomada, com a luz de energia acesa.
            </li>
            <li>
              <strong className="font-semibold">Cabo de rede:</strong> o cabo está bem encaixado e a rede da fábrica dá acesso à
              internet (no modelo 4G, o chip tem sinal).
            </li>
            <li>
              <strong className="font-semibold">Firewall da fábrica:</strong> a saída UDP na porta {VPN_UDP_PORT} (a da VPN) precisa
              estar liberada para a internet.
            </li>
            <li>
              <strong className="font-semibold">Configuração:</strong> o arquivo baixado na etapa anterior foi copiado para o
              gateway.
            </li>
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => {
              setStartedAt(Date.now());
              setRunning(true);
              void status.refetch();
            }}
          >
            Tentar novamente
          </Button>
          <Button variant="secondary" onClick={onRedownload}>
            Baixar configuração de novo
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div role="status" className="flex items-center gap-3 text-sm font-medium text-slate-900">
        <Spinner className="h-5 w-5 text-accent" />
        <span>Aguardando o gateway se conectar…</span>
      </div>
      <p className="text-sm text-slate-600">
        Tempo decorrido: <span className="tabular-nums">{formatElapsed(elapsed)}</span> (o teste espera até{' '}
        {formatElapsed(timeoutMs)}). Com o arquivo no gateway e a internet chegando até ele, isso costuma levar alguns segundos.
      </p>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-accent transition-[width] duration-1000" style={{ width: `${Math.min(100, (elapsed / timeoutMs) * 100)}%` }} />
      </div>
      {status.error ? (
        <p className="text-sm text-amber-900">Não foi possível consultar o status agora ({apiErrorMessage(status.error)}); tentando de novo…</p>
      ) : null}
      <Button variant="link" onClick={onRedownload}>
        Baixar configuração de novo
      </Button>
    </div>
  );
}
