import { useEffect, useState } from 'react';
import { AlertIcon } from '@/components/ui/icons';
import { getEnv } from '@/config/env';

type Status = 'checking' | 'up' | 'down';

/**
 * In the demo the identity service is the local Firebase Auth emulator; when it is not running, say so
 * before anyone types a password.
 */
export function IdentityStatus() {
  const { emulatorHost } = getEnv().firebase;
  const [status, setStatus] = useState<Status>(emulatorHost ? 'checking' : 'up');

  useEffect(() => {
    if (!emulatorHost) return undefined;
    let cancelled = false;
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), 3000);
    fetch(`http://${emulatorHost}/`, { signal: controller.signal, cache: 'no-store' })
      .then((response) => {
        if (!cancelled) setStatus(response.ok ? 'up' : 'down');
      })
      .catch(() => {
        if (!cancelled) setStatus('down');
      })
      .finally(() => window.clearTimeout(timer));
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [emulatorHost]);

  if (status !== 'down') return null;
  return (
    <div role="alert" className="mb-5 flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <AlertIcon className="mt-0.5 shrink-0" />
      <p>
        O emulador de autenticação (Firebase Auth) não está respondendo em <strong>{emulatorHost}</strong>. Inicie a
        demonstração com <code className="rounded bg-amber-100 px-1">npm run dev</code>, que sobe o emulador junto, e
        recarregue esta página.
      </p>
    </div>
  );
}
