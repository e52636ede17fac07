import { getEnv } from '@/config/env';
import { DEMO_ACCOUNTS } from '@/config/demo';

/** In the demo, the seeded accounts one click away. */
export function DemoAccountsHint({
  admin,
  onPick,
}: {
  admin: boolean;
  onPick: (email: string, password: string) => void;
}) {
  if (!getEnv().demo) return null;
  const accounts = DEMO_ACCOUNTS.filter((account) => account.admin === admin);
  if (accounts.length === 0) return null;
  return (
    <section aria-label="Contas de demonstração" className="mt-6 rounded-md border border-dashed border-slate-300 bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-800">Demonstração</p>
      <ul className="mt-2 space-y-2">
        {accounts.map((account) => (
          <li key={account.email} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-slate-700">
              {account.email} / {account.password}
            </span>
            <button
              type="button"
              className="rounded px-2 py-1 font-medium text-accent hover:bg-accent-soft focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
              onClick={() => onPick(account.email, account.password)}
            >
              Usar esta conta
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
