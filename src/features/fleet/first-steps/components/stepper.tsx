import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { STEP_STATE_LABELS, STEP_TITLES, type StepState } from '../progress';

/**
 * The wizard's four steps as an ordered list: the open one is `aria-current="step"`, and each says its state in
 * words ("Concluído", "Atual", "Pendente"); the colours only repeat it.
 */
export function Stepper({ states }: { states: readonly StepState[] }) {
  return (
    <nav aria-label="Etapas da configuração" className="mb-6">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {STEP_TITLES.map((title, index) => {
          const state = states[index] ?? 'pending';
          return (
            <li
              key={title}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'flex min-w-0 items-center gap-3 rounded-lg border px-3 py-2.5',
                state === 'current' && 'border-accent bg-accent-soft/40 ring-1 ring-accent',
                state === 'done' && 'border-green-200 bg-green-50/60',
                state === 'pending' && 'border-slate-200 bg-white',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  state === 'done' && 'bg-green-700 text-white',
                  state === 'current' && 'bg-accent text-white',
                  state === 'pending' && 'border border-slate-300 bg-white text-slate-700',
                )}
              >
                {state === 'done' ? <CheckIcon width={16} height={16} /> : index + 1}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-medium leading-tight text-slate-900">
                  <span className="sr-only">Etapa {index + 1}: </span>
                  {title}
                </span>
                <span className="sr-only"> — </span>
                <span className={cn('block text-xs', state === 'done' ? 'text-green-800' : state === 'current' ? 'text-accent-strong' : 'text-slate-600')}>
                  {STEP_STATE_LABELS[state]}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
