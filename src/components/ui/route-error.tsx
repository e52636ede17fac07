import { useRouteError } from 'react-router-dom';
import { ErrorFallback } from './error-fallback';

/** Route-level errors (a screen that threw, a chunk that failed to load twice). */
export function RouteErrorElement() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}
