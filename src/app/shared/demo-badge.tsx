import { useEffect } from 'react';
import { DeferredMenu } from '@/components/ui/deferred-menu';
import { toast } from '@/components/ui/toast';
import { getEnv } from '@/config/env';
import { subscribeDemoNotice } from '@/demo/notice';

const loadDemoBadgeMenu = () => import('./demo-badge-menu');
const NO_PROPS = {};

/**
 * Marks the demo and lets the user put its data back to the seed. When the demo backend had to recreate the
 * stored data (a new version, or a damaged copy), says so once in an info toast.
 */
export function DemoBadge() {
  const demo = getEnv().demo;
  useEffect(() => (demo ? subscribeDemoNotice((message) => toast.info(message)) : undefined), [demo]);
  if (!demo) return null;
  return (
    <DeferredMenu
      load={loadDemoBadgeMenu}
      props={NO_PROPS}
      trigger={
        <button
          type="button"
          className="hidden rounded-full border border-amber-300 bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-900 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring sm:inline-flex"
        >
          Demonstração
        </button>
      }
    />
  );
}
