import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LockIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/spinner';
import type { Capability } from '@/contracts/team-roles';
import { useCan } from '@/entities/access/api';
import type { RouteCrumb } from './route-meta';

/**
 * A screen the role may not use (a Técnico at /orders/checkout, a Leitura at /customers/new), opened by its address:
 * its title and why, with a way back (to `back`, the screen it belongs to, or the Dashboard); never the screen itself
 * (the backend would refuse its changes anyway).
 */
export function CapabilityGate({
  need,
  title,
  back,
  children,
}: {
  need: Capability;
  title: string;
  back?: RouteCrumb;
  children: ReactNode;
}) {
  const { can, reason } = useCan(need);
  if (can === undefined) return <PageLoader label="Verificando seu perfil…" />;
  if (can) return children;
  return (
    <section className="max-w-3xl">
      <PageHeader title={title} />
      <EmptyState
        icon={<LockIcon />}
        title="Sem permissão"
        description={`${reason ?? ''} Fale com um Administrador da sua empresa se precisar deste acesso.`}
        action={
          <Link to={back?.path ?? '/'} className={buttonClasses('secondary')}>
            {back ? `Voltar para ${back.title}` : 'Voltar para o Dashboard'}
          </Link>
        }
      />
    </section>
  );
}
