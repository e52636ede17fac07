import { TESTIMONIALS } from '../content';
import { Section } from './section';

function initials(name: string): string {
  const [first = '', second = ''] = name.split(/\s+/);
  return `${first.charAt(0)}${second.charAt(0)}`.toUpperCase();
}

export function Testimonials() {
  return (
    <Section
      id="testimonials"
      eyebrow="Depoimentos"
      title="Quem já dá suporte pelo navegador"
      intro="Montadoras que trocaram a viagem do técnico por alguns cliques."
      className="bg-slate-50"
    >
      <ul className="grid gap-6 lg:grid-cols-3">
        {TESTIMONIALS.map((item) => (
          <li key={item.name}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <svg width="32" height="24" viewBox="0 0 32 24" className="text-accent" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M0 24V14C0 6.6 3.4 2 10.2 0l1.6 3.2C8 4.6 6.3 7 6 10.6h6V24H0Zm18 0V14c0-7.4 3.4-12 10.2-14l1.6 3.2C26 4.6 24.3 7 24 10.6h6V24H18Z"
                />
              </svg>
              <blockquote className="mt-4 flex-1 leading-relaxed text-slate-800">
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                <span
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-slate-900 text-sm font-semibold text-white"
                  aria-hidden="true"
                >
                  {initials(item.name)}
                </span>
                <span className="text-sm">
                  <span className="block font-semibold text-slate-900">{item.name}</span>
                  <span className="block text-slate-600">
                    {item.role}, {item.company}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-xs text-slate-600">
        Depoimentos ilustrativos: pessoas e empresas fictícias.
      </p>
    </Section>
  );
}
