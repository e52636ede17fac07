import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import type { Device } from '@/contracts/device';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { getEnv } from '@/config/env';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api/errors';
import { useGetDeviceQuery } from '../../devices/api';
import { ConnectionTest } from '../components/connection-test';
import { DownloadStep } from '../components/download-step';
import { MachineStep } from '../components/machine-step';
import { RegisterStep } from '../components/register-step';
import { Stepper } from '../components/stepper';
import { Summary } from '../components/summary';
import {
  currentPosition,
  doneSteps,
  EMPTY_PROGRESS,
  FINISHED,
  loadProgress,
  saveProgress,
  STEP_TITLES,
  stepStates,
  timeoutFromParams,
  type StoredProgress,
  type WizardPosition,
} from '../progress';

/** The signed-in user's id, read from the store's auth state (whose feature this one does not import). */
const selectUid = (state: { auth?: { user?: { uid?: string } | null } }) => state.auth?.user?.uid ?? null;

/** `?device=<id>` (from /setup, after the claim): that gateway, from step 2. */
function withDeviceFromSetup(progress: StoredProgress, deviceId: string | null): StoredProgress {
  if (!deviceId) return progress;
  return {
    deviceId,
    machineId: progress.deviceId === deviceId ? progress.machineId : null,
    step: 2,
    downloadedAt: progress.deviceId === deviceId ? progress.downloadedAt : null,
  };
}

/** The wizard's stored progress for this user (localStorage), saved on every change. */
function useStoredProgress(uid: string | null, deviceFromSetup: string | null) {
  const [state, setState] = useState(() => ({ uid, progress: withDeviceFromSetup(loadProgress(uid), deviceFromSetup) }));
  if (state.uid !== uid) setState({ uid, progress: loadProgress(uid) });
  useEffect(() => saveProgress(state.uid, state.progress), [state]);
  const update = useCallback(
    (change: Partial<StoredProgress>) =>
      setState((current) => ({ uid: current.uid, progress: { ...current.progress, ...change } })),
    [],
  );
  return { progress: state.progress, update };
}

function StepPanel({ position, children }: { position: WizardPosition; children: ReactNode }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(position);
  // A step reached by the user's action gets the focus (its heading), so the next field or button is one Tab away.
  useEffect(() => {
    if (shown.current === position) return;
    shown.current = position;
    heading.current?.focus();
  }, [position]);
  const title = position === FINISHED ? 'Tudo pronto' : `Etapa ${position} de 4: ${STEP_TITLES[position - 1] ?? ''}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="mb-4 text-base font-semibold text-slate-900 focus:outline-none">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * `/first-steps`, "Configurar Conexão": from the setup code on a gateway's label to a live connection, in the
 * browser: register the gateway, install it in a machine, download its VPN configuration, wait for it to connect,
 * then a summary. Progress survives a reload (stored per user) and is re-derived from the device every time.
 */
export default function FirstStepsScreen() {
  const title = usePageTitle() || 'Configurar Conexão';
  const uid = useSelector(selectUid);
  const [params, setParams] = useSearchParams();
  const deviceFromSetup = params.get('device');
  const timeoutMs = timeoutFromParams(params, getEnv().demo);
  const { progress, update } = useStoredProgress(uid, deviceFromSetup);

  // `?device=` has been taken into the stored progress: drop it, so a reload keeps the step reached since.
  useEffect(() => {
    if (!deviceFromSetup) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('device');
        return next;
      },
      { replace: true },
    );
  }, [deviceFromSetup, setParams]);

  const query = useGetDeviceQuery(progress.deviceId ?? skipToken, { refetchOnMountOrArgChange: true });
  // The device a claim or a link just answered, until the query has caught up with it (no skeleton, no step back).
  const [fresh, setFresh] = useState<Device | null>(null);
  const fetched = query.currentData;
  const latest = fresh && fresh.id === progress.deviceId && (!fetched || fresh.version > fetched.version) ? fresh : fetched;
  const device: Device | undefined = progress.deviceId ? latest : undefined;
  const gone = progress.deviceId !== null && apiErrorStatus(query.error) === 404;

  // A stored gateway that is no longer this account's (or no longer exists): start over.
  useEffect(() => {
    if (gone) update(EMPTY_PROGRESS);
  }, [gone, update]);

  // The machine as the data says (informative: the step derivation reads the device itself).
  const machineId = device?.machineId ?? null;
  useEffect(() => {
    if (device && progress.machineId !== machineId) update({ machineId });
  }, [device, machineId, progress.machineId, update]);

  const done = doneSteps(gone ? null : (device ?? null), progress.downloadedAt);
  const position = currentPosition(done, progress.deviceId ? progress.step : null);

  const restart = () => update(EMPTY_PROGRESS);

  let body: ReactNode;
  if (progress.deviceId && !gone && !device) {
    body = query.error ? (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-5 text-sm text-red-900">
        <p className="flex items-center gap-2 font-semibold">
          <AlertIcon width={18} height={18} aria-hidden="true" />
          Não foi possível carregar o gateway.
        </p>
        <p>{apiErrorMessage(query.error)}</p>
        <div className="flex flex-wrap gap-2">
          <Button loading={query.isFetching} onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
          <Button variant="secondary" onClick={restart}>
            Configurar outro gateway
          </Button>
        </div>
      </div>
    ) : (
      <div aria-busy="true" className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p role="status" className="sr-only">
          Carregando o gateway…
        </p>
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-10 w-40" />
      </div>
    );
  } else {
    let content: ReactNode;
    if (position === 1 || !device) {
      content = (
        <RegisterStep
          onRegistered={(claimed) => {
            setFresh(claimed);
            update({ deviceId: claimed.id, machineId: claimed.machineId, step: 2, downloadedAt: null });
          }}
        />
      );
    } else if (position === 2) {
      content = (
        <MachineStep
          device={device}
          onLinked={(machine, updated) => {
            if (updated) setFresh(updated);
            void query.refetch();
            update({ machineId: machine.id, step: 3 });
          }}
        />
      );
    } else if (position === 3) {
      content = (
        <DownloadStep
          device={device}
          onDownloaded={() => update({ downloadedAt: Date.now(), step: 4 })}
          onChangeMachine={() => update({ step: 2 })}
        />
      );
    } else if (position === 4) {
      content = (
        <ConnectionTest
          key={progress.downloadedAt ?? 0}
          device={device}
          startedAt={progress.downloadedAt ?? Date.now()}
          timeoutMs={timeoutMs}
          onRedownload={() => update({ step: 3 })}
        />
      );
    } else {
      content = <Summary device={device} onRestart={restart} />;
    }
    body = <StepPanel position={position}>{content}</StepPanel>;
  }

  return (
    <section className="max-w-4xl">
      <PageHeader
        title={title}
        subtitle="Do código na etiqueta do gateway até a conexão no ar, sem instalar nada no computador."
        actions={
          progress.deviceId && position !== FINISHED && position !== 1 ? (
            <Button variant="secondary" onClick={restart}>
              Recomeçar
            </Button>
          ) : null
        }
      />
      <Stepper states={stepStates(done, position)} />
      {body}
    </section>
  );
}
