import { FAQ } from '../content';
import { Section } from './section';

/** Native <details>/<summary>: keyboard (Enter/Space), screen readers and find-in-page work out of the box. */
export function Faq({ contactEmail }: { contactEmail: string }) {
  return (
    <Section
      id="faq"
      eyebrow="Dúvidas"
      title="Perguntas frequentes"
      intro={
        <>
          Não achou sua resposta? Escreva para{' '}
          <a
            href={`mailto:${contactEmail}`}
            className="font-medium text-accent underline underline-offset-4 hover:text-accent-strong focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
          >
            {contactEmail}
          </a>
          .
        </>
      }
    >
      <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {FAQ.map((item) => (
          <details key={item.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent-ring sm:px-6 [&::-webkit-details-marker]:hidden">
              {item.question}
              <svg
                width="20"
                height="20"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                className="shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                aria-hidden="true"
                focusable="false"
              >
                <path d="m6 9 6 6 6-6" />
              </svg>
            </summary>
            <p className="px-5 pb-5 leading-relaxed text-slate-700 sm:px-6">{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
