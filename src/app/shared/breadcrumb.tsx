import { Fragment } from 'react';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '@/components/ui/page-title';
import { PRODUCT_NAME } from '@/config/brand';
import { useRouteHandle } from './route-meta';

/** `hidden`: left out on phones, with the crumb it comes before. */
function Separator({ hidden = false }: { hidden?: boolean }) {
  return (
    <li aria-hidden="true" className={hidden ? 'hidden text-slate-400 sm:block' : 'text-slate-400'}>
      /
    </li>
  );
}

/** A parent's path with the current page's parameters filled in ('/customers/:id' → '/customers/c1'). */
const fill = (path: string, params: Readonly<Record<string, string | undefined>>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** "product / section title", or "product / parent title / page title" on a detail page (from the area's registry). */
export function Breadcrumb({ className }: { className?: string }) {
  const title = usePageTitle();
  const trail = useRouteHandle()?.trail ?? [];
  const params = useParams();
  return (
    <nav aria-label="Trilha de navegação" className={className}>
      <ol className="flex min-w-0 items-center gap-2 text-sm">
        <li className="shrink-0 text-slate-600">{PRODUCT_NAME}</li>
        {trail.map((crumb, index) => (
          // On phones only the nearest parent is shown: a longer trail would not fit beside the page's title.
          <Fragment key={crumb.path}>
            <Separator hidden={index < trail.length - 1} />
            <li className={index < trail.length - 1 ? 'hidden shrink-0 sm:block' : 'shrink-0'}>
              <Link
                to={fill(crumb.path, params)}
                className="text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
              >
                {crumb.title}
              </Link>
            </li>
          </Fragment>
        ))}
        {title ? (
          <>
            <Separator />
            <li aria-current="page" className="truncate font-medium text-slate-900">
              {title}
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}
