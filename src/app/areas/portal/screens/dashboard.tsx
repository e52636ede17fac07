/**
 * The portal's Dashboard (features/fleet) with its "Acesso remoto" panel (features/remote-access), composed here as no
 * feature imports another. The panel's code and data wait for the dashboard's title to be painted (afterElementPainted)
 * and load apart (a lazy chunk), so the signed-in first load — measured up to that title — does not grow.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import DashboardScreen from '@/features/fleet/dashboard/screens/dashboard';
import { afterElementPainted } from '@/lib/after-paint';

const RemoteAccessPanel = lazy(() => import('@/features/remote-access/components/dashboard-panel'));

function LaterPanels() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    afterElementPainted('main h1', () => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <RemoteAccessPanel />
    </Suspense>
  ) : null;
}

export default function DashboardRoute() {
  return <DashboardScreen after={<LaterPanels />} />;
}
