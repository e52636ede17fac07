import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatCnpj } from '@/contracts/validators/cnpj';
import { useAppDispatch } from '@/lib/redux';
import { nameProblem } from '@/contracts/validators/fields';
import { useMe, useUpdateMeMutation } from '../api';
import { setUser } from '../auth-slice';
import { updateStoredUser } from '../auth-storage';
import { useCurrentUser } from '../hooks';

/** Name, CNPJ and e-mail from GET /me; the name can be changed. */
export function ProfileForm() {
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const me = useMe();
  const [updateMe, update] = useUpdateMeMutation();
  const [name, setName] = useState('');
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Follow the server's value until the user starts typing; a refetch never overwrites their input.
  const serverName = me.data?.name;
  useEffect(() => {
    if (serverName !== undefined && !dirty) setName(serverName);
  }, [serverName, dirty]);

  if (me.isLoading) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Carregando seu perfil…
      </p>
    );
  }
  if (me.isError || !me.data) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>Não foi possível carregar seu perfil. {apiErrorMessage(me.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void me.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const issue = nameProblem(name);
    setError(issue);
    if (issue) return;
    try {
      const saved = await updateMe({ name: name.trim() }).unwrap();
      setDirty(false);
      const next = { ...user, name: saved.name };
      dispatch(setUser(next));
      updateStoredUser(next);
      toast.success('Perfil atualizado.');
    } catch (failure) {
      toast.error(apiErrorMessage(failure));
    }
  };

  const unchanged = name.trim() === me.data.name;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        label="Nome"
        name="name"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setDirty(true);
          setError(null);
        }}
        error={error}
        disabled={update.isLoading}
      />
      <TextField label="CNPJ" name="cnpj" value={formatCnpj(me.data.cnpj) || '—'} readOnly disabled />
      <TextField label="E-mail" name="email" value={me.data.email ?? user.email} readOnly disabled />
      <Button type="submit" loading={update.isLoading} disabled={unchanged}>
        Salvar alterações
      </Button>
    </form>
  );
}
