import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/error-reporting';
import { Button } from './button';

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error && 'statusText' in error) {
    return `${String(error.status)} ${String(error.statusText)}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n\n${error.stack}` : ''}`;
  return String(error);
}

/** The generic fallback of the spec: "Something went wrong!" with Show Error / Hide Error. */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const [shown, setShown] = useState(false);
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong!</h1>
      <p className="text-slate-700">Ocorreu um erro inesperado. Você pode recarregar a página ou tentar de novo.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={() => setShown((value) => !value)} aria-expanded={shown}>
          {shown ? 'Hide Error' : 'Show Error'}
        </Button>
        <Button onClick={onRetry ?? (() => window.location.reload())}>Tentar novamente</Button>
      </div>
      {shown ? (
        <pre className="max-h-64 w-full overflow-auto rounded-md bg-slate-100 p-3 text-left text-xs text-slate-800">
          {describe(error)}
        </pre>
      ) : null}
    </div>
  );
}

interface BoundaryState {
  error: unknown;
}

/** Catches render errors outside the router (providers, the shell itself). */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
  }

  override render() {
    if (this.state.error !== null) {
      return <ErrorFallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
