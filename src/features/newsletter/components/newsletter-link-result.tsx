import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { followNewsletterLink, type LinkAction, type LinkOutcome } from '../links-api';

type State = { kind: 'working' } | LinkOutcome;

/** What each page says, by outcome (the e-mail is the one the link belongs to). */
export const LINK_TEXTS = {
  confirm: {
    working: 'Confirmando sua inscrição…',
    refused: 'Não foi possível confirmar a inscrição',
    failed: 'Não foi possível confirmar agora',
  },
  cancel: {
    working: 'Cancelando sua inscrição…',
    refused: 'Não foi possível cancelar a inscrição',
    failed: 'Não foi possível cancelar agora',
  },
  confirmed: 'Inscrição confirmada!',
  confirmedText: (email: string) =>
    `Você vai receber a newsletter do Ponte IIoT em ${email}. Todo e-mail dela traz um link para cancelar a inscrição quando quiser.`,
  alreadyConfirmed: 'Esta inscrição já estava confirmada',
  alreadyConfirmedText: (email: string) => `Você já recebe a newsletter do Ponte IIoT em ${email}. Não é preciso fazer mais nada.`,
  cancelled: 'Inscrição cancelada',
  cancelledText: (email: string) =>
    `Você não vai mais receber a newsletter do Ponte IIoT em ${email}. Se mudar de ideia, é só se inscrever de novo no rodapé desta página.`,
  alreadyCancelled: 'Esta inscrição já estava cancelada',
  alreadyCancelledText: (email: string) => `${email} não recebe mais a newsletter do Ponte IIoT. Não é preciso fazer mais nada.`,
  retry: 'Tentar novamente',
} as const;

function Result({ title, text, tone = 'ok' }: { title: string; text: string; tone?: 'ok' | 'problem' }) {
  return (
    <>
      <h2 className={tone === 'ok' ? 'text-xl font-semibold text-slate-900' : 'text-xl font-semibold text-red-800'}>{title}</h2>
      <p className="mt-2 leading-relaxed">{text}</p>
    </>
  );
}

/**
 * Opens an e-mail's link: posts its token once as the page opens (a StrictMode double mount included) and says what
 * happened — done, done before (the link used twice), refused by the server (unknown, expired, cancelled: its
 * message), or no answer (with "Tentar novamente").
 */
export function NewsletterLinkResult({ action, token }: { action: LinkAction; token: string }) {
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);
  const mounted = useRef(false);

  const follow = useCallback(() => {
    setState({ kind: 'working' });
    void followNewsletterLink(action, token).then((outcome) => {
      if (mounted.current) setState(outcome);
    });
  }, [action, token]);

  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      follow();
    }
    return () => {
      mounted.current = false;
    };
  }, [follow]);

  const texts = LINK_TEXTS[action];
  return (
    <>
      <div role="status" aria-live="polite" aria-busy={state.kind === 'working' || undefined} className="mt-6">
      {state.kind === 'working' ? (
        <p className="flex items-center gap-2">
          <Spinner className="h-5 w-5 text-accent" />
          {texts.working}
        </p>
      ) : null}
      {state.kind === 'confirmed' ? <Result title={LINK_TEXTS.confirmed} text={LINK_TEXTS.confirmedText(state.email)} /> : null}
      {state.kind === 'already-confirmed' ? (
        <Result title={LINK_TEXTS.alreadyConfirmed} text={LINK_TEXTS.alreadyConfirmedText(state.email)} />
      ) : null}
      {state.kind === 'cancelled' ? <Result title={LINK_TEXTS.cancelled} text={LINK_TEXTS.cancelledText(state.email)} /> : null}
      {state.kind === 'already-cancelled' ? (
        <Result title={LINK_TEXTS.alreadyCancelled} text={LINK_TEXTS.alreadyCancelledText(state.email)} />
      ) : null}
      {state.kind === 'refused' ? <Result title={texts.refused} text={state.message} tone="problem" /> : null}
      {state.kind === 'failed' ? <Result title={texts.failed} text={state.message} tone="problem" /> : null}
      </div>
      {state.kind === 'failed' ? (
        <Button type="button" className="mt-4" onClick={follow}>
          {LINK_TEXTS.retry}
        </Button>
      ) : null}
    </>
  );
}
