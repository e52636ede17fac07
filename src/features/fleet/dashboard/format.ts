import type { DashboardSummary } from '@/contracts/dashboard';
import { portalPaths } from '@/config/paths';

// ---- connections ----

/** '8 min', '1 h 05 min', '2 h'; 'Em andamento' for an open session. */
export function formatDuration(startedAt: Date, endedAt: Date | null): string {
  if (!endedAt) return 'Em andamento';
  const minutes = Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')} min`;
}

// ---- first steps (/start) ----

export interface OnboardingStep {
  id: 'customer' | 'machine-model' | 'machine' | 'gateway';
  title: string;
  description: string;
  done: boolean;
  /** Where the step is done ("Cadastrar cliente" → /customers/new). */
  action: { label: string; href: string };
  /** Where what was done is seen, once the step is done. */
  doneLink: { label: string; href: string };
}

/**
 * The four first steps of a new account, from the summary's counts. The gateway step is done once a gateway has
 * connected at least once (online now, or offline after having connected).
 */
export function onboardingSteps(summary: DashboardSummary): OnboardingStep[] {
  return [
    {
      id: 'customer',
      title: 'Cadastre seu primeiro cliente',
      description: 'A fábrica onde a máquina será instalada: razão social, CNPJ e cidade.',
      done: summary.customers > 0,
      action: { label: 'Cadastrar cliente', href: portalPaths.customerNew },
      doneLink: { label: 'Ver clientes', href: portalPaths.customers },
    },
    {
      id: 'machine-model',
      title: 'Cadastre seu primeiro modelo de máquina',
      description: 'O modelo guarda os serviços padrão (HMI, CLP, SSH) que as máquinas herdam.',
      done: summary.machineModels > 0,
      action: { label: 'Cadastrar modelo', href: `${portalPaths.machineModels}/new` },
      doneLink: { label: 'Ver modelos', href: portalPaths.machineModels },
    },
    {
      id: 'machine',
      title: 'Cadastre sua primeira máquina',
      description: 'Escolha o modelo e o cliente; a rede local da máquina vem depois, com o gateway.',
      done: summary.machines > 0,
      action: { label: 'Cadastrar máquina', href: `${portalPaths.machines}/new` },
      doneLink: { label: 'Ver máquinas', href: portalPaths.machines },
    },
    {
      id: 'gateway',
      title: 'Coloque o primeiro gateway online',
      description: 'Registre o gateway pelo código de configuração, associe a máquina e teste a conexão.',
      done: summary.devices.online + summary.devices.offline > 0,
      action: { label: 'Configurar Conexão', href: portalPaths.firstSteps },
      doneLink: { label: 'Ver dispositivos', href: portalPaths.devices },
    },
  ];
}

/** '2 de 4 concluídos' */
export function progressLabel(steps: readonly OnboardingStep[]): string {
  const done = steps.filter((step) => step.done).length;
  return `${done} de ${steps.length} ${done === 1 ? 'concluído' : 'concluídos'}`;
}
