import { FormCard } from '@/components/ui/form-page';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { PasswordResetButton } from '@/features/auth/components/password-reset-button';
import { ProfileForm } from '@/features/auth/components/profile-form';

export default function ProfileScreen() {
  const title = usePageTitle();
  return (
    <section className="max-w-2xl">
      <PageHeader title={title} subtitle="Os dados da sua conta e da sua empresa." />
      <div className="space-y-6">
        <FormCard>
          <h2 className="mb-4 text-base font-semibold text-slate-900">Dados da conta</h2>
          <ProfileForm />
        </FormCard>
        <FormCard>
          <h2 className="text-base font-semibold text-slate-900">Senha</h2>
          <p className="mb-4 mt-1 text-sm text-slate-600">
            Enviaremos um link para o seu e-mail para você criar uma nova senha.
          </p>
          <PasswordResetButton />
        </FormCard>
      </div>
    </section>
  );
}
