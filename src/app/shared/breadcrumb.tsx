import { PRODUCT_NAME } from '@/config/brand';
import { useRouteTitle } from './route-meta';

/** "product / section title" */
export function Breadcrumb({ className }: { className?: string }) {
  const title = useRouteTitle();
  return (
    <nav aria-label="Trilha de navegação" className={className}>
      <ol className="flex min-w-0 items-center gap-2 text-sm">
        <li className="shrink-0 text-slate-600">{PRODUCT_NAME}</li>
        {title ? (
          <>
            <li aria-hidden="true" className="text-slate-400">
              /
            </li>
            <li aria-current="page" className="truncate font-medium text-slate-900">
              {title}
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}
