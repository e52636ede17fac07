import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { areaUrl } from '@/config/areas';
import { landingPaths } from '@/config/paths';
import { TERMS_MESSAGES, TERMS_VERSION, termsDateLabel } from '@/contracts/terms';
import { useCan } from '@/entities/access/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { useAcceptTermsMutation, useGetTermsStatusQuery } from '../api';

/**
 * "Os Termos de Uso mudaram", in the portal's shell while the account has not accepted the version in force
 * (issue 38, item 4): the link to read them and, for an Administrador, "Aceitar" (recorded with who and when;
 * src/server/main/routes/terms/). Other roles are told an Administrador must accept. Nothing shows while the status
 * loads or when it cannot be read: the banner never stands in the way of the portal.
 */
export function TermsBanner() {
  const { data } = useGetTermsStatusQuery();
  const { can: canAccept } = useCan('team');
  const [accept, { isLoading }] = useAcceptTermsMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();

  if (!data?.mustAccept) return null;
  const date = termsDateLabel(data.version);
  const onAccept = async () => {
    setFailure(null);
    try {
      await accept({ version: TERMS_VERSION }).unwrap();
      toast.success(TERMS_MESSAGES.accepted);
    } catch (error) {
      setFailure(apiErrorMessage(error) || TERMS_MESSAGES.failed);
    }
  };
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 border-b border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 sm:flex-row sm:items-center sm:px-6"
    >
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="font-semibold">
          {TERMS_MESSAGES.bannerTitle}
        </h2>
        <p>{canAccept === false ? TERMS_MESSAGES.bannerMember(date) : TERMS_MESSAGES.bannerAdmin(date)}</p>
        {failure ? (
          <p role="alert" className="mt-1 font-medium text-red-800">
            {failure}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={areaUrl('landing', landingPaths.terms, window.location)}
          target="_blank"
          rel="noreferrer"
          className="rounded font-medium text-accent-strong underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
        >
          {TERMS_MESSAGES.read}
        </a>
        {canAccept ? (
          <Button size="sm" loading={isLoading} onClick={() => void onAccept()}>
            {TERMS_MESSAGES.accept}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
