import type { EnvProblem } from '@/config/env';

/** Shown instead of a blank page when the environment is missing or invalid. */
export function ConfigError({ problems }: { problems: EnvProblem[] }) {
  return (
    <main className="mx-auto flex min-h-svh max-w-2xl flex-col justify-center gap-4 px-6 py-12">
      <h1 className="text-2xl font-semibold text-slate-900">Configuração incompleta</h1>
      <p className="text-slate-700">
        O aplicativo não pode iniciar porque estas variáveis de ambiente estão ausentes ou inválidas:
      </p>
      <ul className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {problems.map((problem) => (
          <li key={`${problem.name}-${problem.message}`}>
            <code className="font-semibold">{problem.name}</code>: {problem.message}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        Veja o arquivo <code>.env.example</code> e a seção “Environment variables” de <code>docs/configuration.md</code>.
      </p>
    </main>
  );
}
