import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { landingPaths } from '@/config/paths';
import { CONSENT_REQUIRED_MESSAGE, NEWSLETTER_CONSENT } from '@/contracts/newsletter';
import { emailProblem } from '@/contracts/validators/fields';
import { subscribeToNewsletter } from '../api';

type Notice = { tone: 'info' | 'error'; text: string } | null;

/** The toast once the server has sent the confirmation e-mail (double opt-in: nothing is confirmed yet). */
export const NEWSLETTER_PENDING = 'Confirme sua inscrição pelo e-mail';
export const pendingDescription = (email: string) =>
  `Enviamos um link de confirmação para ${email}. A inscrição só vale depois que você abrir esse link.`;

/**
 * The footer's newsletter sign-up: "Seu e-mail" + "Enviar" and the consent box (LGPD: unticked, required, linking
 * the Política de Privacidade). Checks the address and the consent before sending (each error under its field),
 * disables the button while sending, says with a toast that a confirmation e-mail is on its way and clears the form;
 * a refusal or a failure keeps what was typed and says why, in pt-BR, next to the form. The box is uncontrolled: the
 * landing's HTML is usable before React hydrates it, and a box ticked meanwhile stays ticked.
 */
export function NewsletterForm({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;
  const consentId = `${id}-consent`;
  const consentErrorId = `${id}-consent-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const sendingRef = useRef(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [sending, setSending] = useState(false);
  const dark = tone === 'dark';

  // The landing's HTML is usable before React hydrates it: keep what was typed in the meantime.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setEmail(typed);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    setNotice(null);
    // The field itself: a submit replayed right after hydration comes before the state has caught up with it.
    const typed = inputRef.current?.value ?? email;
    const problem = emailProblem(typed);
    if (problem) {
      setFieldError(problem);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    const consent = consentRef.current?.checked ?? false;
    if (!consent) {
      setConsentError(CONSENT_REQUIRED_MESSAGE);
      consentRef.current?.focus();
      return;
    }
    setConsentError(null);
    sendingRef.current = true;
    setSending(true);
    try {
      const outcome = await subscribeToNewsletter(typed, consent);
      switch (outcome.kind) {
        case 'pending':
          setEmail('');
          if (consentRef.current) consentRef.current.checked = false;
          toast.success(NEWSLETTER_PENDING, { description: pendingDescription(outcome.email) });
          break;
        case 'already':
          setNotice({ tone: 'info', text: outcome.message });
          break;
        case 'invalid':
          if (outcome.field === 'consent') {
            setConsentError(outcome.message);
            consentRef.current?.focus();
          } else {
            setFieldError(outcome.message);
            inputRef.current?.focus();
          }
          break;
        case 'failed':
          setNotice({ tone: 'error', text: outcome.message });
          break;
      }
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  const describedBy = [fieldError ? errorId : null, notice ? noticeId : null].filter(Boolean).join(' ') || undefined;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className={className} aria-busy={sending || undefined}>
      <label htmlFor={inputId} className={cn('mb-1.5 block text-sm font-medium', dark ? 'text-white' : 'text-slate-800')}>
        Seu e-mail
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          placeholder="nome@empresa.com.br"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (fieldError) setFieldError(null);
            if (notice) setNotice(null);
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(Boolean(fieldError), cn('min-w-0 sm:flex-1', dark && 'focus:ring-offset-slate-900'))}
        />
        <Button type="submit" loading={sending} className={dark ? 'focus-visible:ring-offset-slate-900' : undefined}>
          Enviar
        </Button>
      </div>
      {fieldError ? (
        <p id={errorId} className={cn('mt-1.5 text-sm', dark ? 'text-red-300' : 'text-red-700')}>
          {fieldError}
        </p>
      ) : null}
      <div className="mt-3 flex items-start gap-2">
        <input
          ref={consentRef}
          id={consentId}
          name="consent"
          type="checkbox"
          required
          defaultChecked={false}
          onChange={() => {
            if (consentError) setConsentError(null);
          }}
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? consentErrorId : undefined}
          className={cn(
            'mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-2',
            dark && 'focus-visible:ring-offset-slate-900',
          )}
        />
        <label htmlFor={consentId} className={cn('text-sm leading-snug', dark ? 'text-slate-300' : 'text-slate-700')}>
          {NEWSLETTER_CONSENT.before}
          <a
            href={landingPaths.privacy}
            className={cn(
              'rounded underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring',
              dark ? 'text-white hover:text-slate-200 focus-visible:ring-offset-slate-900' : 'text-accent-strong',
            )}
          >
            {NEWSLETTER_CONSENT.link}
          </a>
          {NEWSLETTER_CONSENT.after}
        </label>
      </div>
      {consentError ? (
        <p id={consentErrorId} className={cn('mt-1.5 text-sm', dark ? 'text-red-300' : 'text-red-700')}>
          {consentError}
        </p>
      ) : null}
      {notice ? (
        <p
          id={noticeId}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={cn(
            'mt-2 rounded-md px-3 py-2 text-sm',
            notice.tone === 'error'
              ? dark
                ? 'bg-red-950/60 text-red-200 ring-1 ring-red-800'
                : 'bg-red-50 text-red-800 ring-1 ring-red-200'
              : dark
                ? 'bg-slate-800 text-slate-100 ring-1 ring-slate-700'
                : 'bg-slate-100 text-slate-800 ring-1 ring-slate-200',
          )}
        >
          {notice.text}
        </p>
      ) : null}
    </form>
  );
}
