import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { emailProblem } from '@/contracts/validators/fields';
import { subscribeToNewsletter } from '../api';

type Notice = { tone: 'info' | 'error'; text: string } | null;

export const NEWSLETTER_SUCCESS = 'Inscrição confirmada!';

/**
 * The footer's newsletter sign-up: "Seu e-mail" + "Enviar". Checks the address before sending (the error sits
 * under the field), disables the button while sending, confirms with a toast and clears the field; a refusal or
 * a failure keeps what was typed and says why, in pt-BR, next to the form.
 */
export function NewsletterForm({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const noticeId = `${id}-notice`;
  const inputRef = useRef<HTMLInputElement>(null);
  const sendingRef = useRef(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
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
    sendingRef.current = true;
    setSending(true);
    try {
      const outcome = await subscribeToNewsletter(typed);
      switch (outcome.kind) {
        case 'subscribed':
          setEmail('');
          toast.success(NEWSLETTER_SUCCESS, { description: `Você vai receber nossas novidades em ${outcome.email}.` });
          break;
        case 'already-subscribed':
          setNotice({ tone: 'info', text: outcome.message });
          break;
        case 'invalid':
          setFieldError(outcome.message);
          inputRef.current?.focus();
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
