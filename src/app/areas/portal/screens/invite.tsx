import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { formatDate } from '@/lib/dates';
import { portalPaths } from '@/config/paths';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, TEAM_MESSAGES, type InvitationPreview } from '@/contracts/team';
import { MIN_PASSWORD_LENGTH, nameProblem, passwordProblem } from '@/contracts/validators/fields';
import { apiErrorMessage, apiErrorStatus } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/redux';
import { AuthCard } from '@/features/auth/components/auth-card';
import { signOut } from '@/features/auth/auth-actions';
import { useAuth } from '@/features/auth/hooks';
import { joinWithCredentials, JoinFailure } from '@/features/auth/join-account';
import { useAcceptInvitationMutation, useGetInvitationQuery } from '@/features/team/api';

type Mode = 'choose' | 'sign-in' | 'register';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function Notice({ tone = 'info', children }: { tone?: 'info' | 'danger'; children: React.ReactNode }) {
  return (
    <p
      role={tone === 'danger' ? 'alert' : undefined}
      className={
        tone === 'danger'
          ? 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800'
          : 'rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800'
      }
    >
      {children}
    </p>
  );
}

/** Sign in (existing account) or create one (Nome, Senha; no CNPJ: the invitee joins the builder's company). */
function JoinForm({ token, invitation, mode, onBack }: { token: string; invitation: InvitationPreview; mode: 'sign-in' | 'register'; onBack(): void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [accept] = useAcceptInvitationMutation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const registering = mode === 'register';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = {
      name: registering ? (nameProblem(name, 'o nome') ?? undefined) : undefined,
      password: (registering ? passwordProblem(password) : password === '' ? 'Informe a senha.' : null) ?? undefined,
    };
    setErrors(found);
    setFormError(null);
    if (found.name || found.password) return;
    setSubmitting(true);
    try {
      await joinWithCredentials(
        dispatch,
        { email: invitation.email, password, ...(registering ? { name: name.trim() } : {}) },
        (idToken) => accept({ token, idToken, ...(registering ? { name: name.trim() } : {}) }).unwrap(),
      );
      toast.success(`Bem-vindo à equipe de ${invitation.accountName}!`);
      navigate(portalPaths.dashboard, { replace: true });
    } catch (error) {
      const failure = error instanceof JoinFailure ? error : new JoinFailure(apiErrorMessage(error));
      if (failure.field) setErrors({ [failure.field]: failure.message });
      else setFormError(failure.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" aria-busy={submitting}>
      <h2 className="text-base font-semibold text-slate-900">{registering ? 'Criar conta' : 'Entrar para aceitar'}</h2>
      {registering ? (
        <TextField
          label="Nome"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          disabled={submitting}
        />
      ) : null}
      <TextField label="E-mail" name="email" type="email" value={invitation.email} readOnly hint="O e-mail para o qual o convite foi enviado." />
      <TextField
        label="Senha"
        name="password"
        type="password"
        autoComplete={registering ? 'new-password' : 'current-password'}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint={registering ? `Mínimo de ${MIN_PASSWORD_LENGTH} caracteres.` : undefined}
        disabled={submitting}
      />
      {formError ? <Notice tone="danger">{formError}</Notice> : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" className="sm:flex-1" loading={submitting}>
          {registering ? 'Criar conta e aceitar' : 'Entrar e aceitar'}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack} disabled={submitting}>
          Voltar
        </Button>
      </div>
    </form>
  );
}

/** Signed in: "Aceitar convite" for the invited e-mail; another e-mail is told to sign out first. */
function SignedInActions({ token, invitation, email }: { token: string; invitation: InvitationPreview; email: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [accept, acceptance] = useAcceptInvitationMutation();
  const [error, setError] = useState<string | null>(null);
  if (!sameEmail(email, invitation.email)) {
    return (
      <div className="space-y-4">
        <Notice tone="danger">
          Você entrou como <strong>{email}</strong>. {TEAM_MESSAGES.otherEmail(invitation.email)}
        </Notice>
        <Button variant="secondary" className="w-full" onClick={() => void dispatch(signOut())}>
          Sair desta conta
        </Button>
      </div>
    );
  }
  const run = async () => {
    setError(null);
    try {
      await accept({ token }).unwrap();
      toast.success(`Bem-vindo à equipe de ${invitation.accountName}!`);
      navigate(portalPaths.dashboard, { replace: true });
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };
  return (
    <div className="space-y-4">
      {error ? <Notice tone="danger">{error}</Notice> : null}
      <Button className="w-full" size="lg" loading={acceptance.isLoading} onClick={() => void run()}>
        Aceitar convite
      </Button>
    </div>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { user, loading } = useAuth();
  const [mode, setMode] = useState<Mode>('choose');
  const role = ROLE_LABELS[invitation.role];
  const summary = (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        <strong className="text-slate-900">{invitation.invitedBy}</strong> convidou <strong className="text-slate-900">{invitation.email}</strong>{' '}
        para a equipe de <strong className="text-slate-900">{invitation.accountName}</strong> no Ponte IIoT.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-slate-50 p-3">
        <dt className="text-slate-600">Conta</dt>
        <dd className="font-medium text-slate-900">{invitation.accountName}</dd>
        <dt className="text-slate-600">Perfil</dt>
        <dd className="font-medium text-slate-900">
          {role} <span className="font-normal text-slate-600">— {ROLE_DESCRIPTIONS[invitation.role]}</span>
        </dd>
      </dl>
    </div>
  );

  if (invitation.status !== 'pendente') {
    const message =
      invitation.status === 'expirado'
        ? `${TEAM_MESSAGES.invitationExpired} Ele venceu em ${formatDate(invitation.expiresAt)}.`
        : invitation.status === 'revogado'
          ? TEAM_MESSAGES.invitationRevoked
          : TEAM_MESSAGES.invitationAccepted;
    return (
      <div className="space-y-4">
        {summary}
        <Notice tone={invitation.status === 'aceito' ? 'info' : 'danger'}>{message}</Notice>
        <Link to={user ? portalPaths.dashboard : portalPaths.login} className={buttonClasses('secondary', 'md', 'w-full')}>
          {user ? 'Ir para o portal' : 'Entrar'}
        </Link>
      </div>
    );
  }

  let actions: React.ReactNode;
  if (loading && !user) actions = <Skeleton className="h-10" />;
  else if (user) actions = <SignedInActions token={token} invitation={invitation} email={user.email} />;
  else if (mode !== 'choose') actions = <JoinForm token={token} invitation={invitation} mode={mode} onBack={() => setMode('choose')} />;
  else {
    actions = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">Para aceitar, entre com {invitation.email} ou crie sua conta com esse e-mail.</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button className="sm:flex-1" onClick={() => setMode('sign-in')}>
            Entrar para aceitar
          </Button>
          <Button variant="secondary" className="sm:flex-1" onClick={() => setMode('register')}>
            Criar conta
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {summary}
      <p className="text-xs text-slate-600">O convite vale até {formatDate(invitation.expiresAt)}.</p>
      {actions}
    </div>
  );
}

/** /invite/:token: whose team, which role; join by signing in or creating an account, or accept when signed in. */
export default function InviteScreen() {
  const { token = '' } = useParams();
  const preview = useGetInvitationQuery(token);
  let body: React.ReactNode;
  if (preview.data) body = <Invitation token={token} invitation={preview.data} />;
  else if (preview.error) {
    body =
      apiErrorStatus(preview.error) === 404 ? (
        <div className="space-y-4">
          <Notice tone="danger">{TEAM_MESSAGES.invitationNotFound} Confira o link ou peça um novo a quem convidou você.</Notice>
          <Link to={portalPaths.login} className={buttonClasses('secondary', 'md', 'w-full')}>
            Entrar
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          <Notice tone="danger">Não foi possível carregar o convite. {apiErrorMessage(preview.error)}</Notice>
          <Button variant="secondary" className="w-full" loading={preview.isFetching} onClick={() => void preview.refetch()}>
            Tentar novamente
          </Button>
        </div>
      );
  } else {
    body = (
      <div aria-busy="true" className="space-y-3">
        <p role="status" className="sr-only">
          Carregando o convite…
        </p>
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-16" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  return (
    <AuthCard title="Convite para a equipe" subtitle="Participe da conta da sua empresa no Ponte IIoT.">
      {body}
    </AuthCard>
  );
}
