import { DeferredMenu } from '@/components/ui/deferred-menu';
import { getEnv } from '@/config/env';

const loadDemoBadgeMenu = () => import('./demo-badge-menu');
const NO_PROPS = {};

/** Marks the demo and lets the user put its data back to the seed (the menu: ./demo-badge-menu). */
export function DemoBadge() {
  if (!getEnv().demo) return null;
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
