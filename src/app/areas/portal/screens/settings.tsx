import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { BellIcon, ChevronRightIcon, MapPinIcon, PlugIcon, ShieldIcon, TeamIcon, UserIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { portalPaths } from '@/config/paths';
import { PasswordResetButton } from '@/features/auth/components/password-reset-button';
import { useCurrentUser } from '@/features/auth/hooks';
import { formatCnpj } from '@/contracts/validators/cnpj';
import { ROLE_LABELS } from '@/contracts/team-roles';
import { useAccess } from '@/entities/access/api';
import { RemoteAccessPolicySection } from '@/features/remote-access/components/policy-section';
import { PrivacySection } from '@/features/account-data/components/privacy-section';
import { useSignOut } from '../../../shared/use-sign-out';

function SettingsLink({ to, icon, title, text }: { to: string; icon: React.ReactNode; title: string; text: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 hover:border-accent/60 hover:bg-accent-soft/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
    >
      <span className="rounded-md bg-accent-soft p-2 text-accent">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </span>
      <ChevronRightIcon className="text-slate-500" />
    </Link>
  );
}

export default function SettingsScreen() {
  const title = usePageTitle();
  const user = useCurrentUser();
  const signOut = useSignOut(portalPaths.login);
  const access = useAccess();
  const role = access.data?.role;
  return (
    <section className="max-w-2xl space-y-6">
      <PageHeader title={title} subtitle="Sua conta, seus endereços e sua segurança." />
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Nome</dt>
            <dd className="font-medium text-slate-900">{user.name}</dd>
          </div>
          <div>
            <dt className="text-slate-600">E-mail</dt>
            <dd className="break-all font-medium text-slate-900">{user.email}</dd>
          </div>
          <div>
            <dt className="text-slate-600">CNPJ</dt>
            <dd className="font-medium text-slate-900">{formatCnpj(user.cnpj) || '—'}</dd>
          </div>
          {role ? (
            <div>
              <dt className="text-slate-600">Perfil</dt>
              <dd className="font-medium text-slate-900">{ROLE_LABELS[role]}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="space-y-3">
        <SettingsLink to={portalPaths.profile} icon={<UserIcon />} title="Perfil" text="Altere o nome exibido na sua conta." />
        <SettingsLink
          to={portalPaths.addresses}
          icon={<MapPinIcon />}
          title="Meus Endereços"
          text="Endereços de entrega dos seus pedidos."
        />
        {role && role !== 'tecnico' ? (
          <SettingsLink
            to={portalPaths.team}
            icon={<TeamIcon />}
            title="Equipe"
            text={
              role === 'administrador'
                ? 'Convide pessoas da sua empresa e defina o que cada uma pode fazer.'
                : 'Quem da sua empresa acessa o portal, e com qual perfil.'
            }
          />
        ) : null}
        <SettingsLink
          to={portalPaths.alerts}
          icon={<BellIcon />}
          title="Alertas"
          text="Quem fica sabendo quando um gateway cai, um acesso remoto começa ou um pedido muda."
        />
        {role && role !== 'tecnico' ? (
          <SettingsLink
            to={portalPaths.audit}
            icon={<ShieldIcon />}
            title="Registro de auditoria"
            text="Quem mudou o quê na conta, quando e de onde."
          />
        ) : null}
        {role && role !== 'tecnico' ? (
          <SettingsLink
            to={portalPaths.webhooks}
            icon={<PlugIcon />}
            title="Webhooks"
            text="Eventos da conta enviados, assinados, para os seus sistemas."
          />
        ) : null}
      </div>
      <RemoteAccessPolicySection />
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="text-base font-semibold text-slate-900">Segurança</h2>
        <p className="mb-4 mt-1 text-sm text-slate-600">Receba por e-mail um link para trocar sua senha.</p>
        <div className="flex flex-wrap gap-3">
          <PasswordResetButton />
          <button type="button" className={buttonClasses('ghost')} onClick={() => void signOut()}>
            Sair desta conta
          </button>
        </div>
      </div>
      <PrivacySection />
    </section>
  );
}
