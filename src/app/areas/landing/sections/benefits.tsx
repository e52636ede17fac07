import { BENEFITS } from '../content';
import { LandingIcon } from './landing-icons';
import { Section } from './section';

export function Benefits() {
  return (
    <Section
      id="benefits"
      eyebrow="Benefícios"
      title="Atenda suas máquinas de onde estiver"
      intro="Menos viagens, mais máquinas produzindo e um fornecedor que fala a língua do seu financeiro."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
              <LandingIcon name={benefit.icon} />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{benefit.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-700">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
