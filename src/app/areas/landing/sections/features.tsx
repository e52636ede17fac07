import { PRODUCT_NAME } from '@/config/brand';
import { FEATURES, STEPS } from '../content';
import { LandingIcon } from './landing-icons';
import { Section } from './section';

export function Features() {
  return (
    <Section
      id="features"
      eyebrow="Recursos"
      title="Do pedido ao acesso remoto, sem improviso"
      intro={`O ${PRODUCT_NAME} liga a compra do gateway à instalação na máquina e ao acesso do técnico — tudo no mesmo portal.`}
      className="bg-slate-50"
    >
      <ul className="grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="flex gap-4">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent text-white">
              <LandingIcon name={feature.icon} />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{feature.text}</p>
            </div>
          </li>
        ))}
      </ul>

      <div className="mt-16 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <h3 className="text-center text-xl font-semibold text-slate-900">Como funciona</h3>
        <ol className="mt-8 grid gap-8 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4 md:flex-col md:items-center md:text-center">
              <span
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-lg font-bold text-accent-strong"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div>
                <p className="font-semibold text-slate-900">{step.title}</p>
                <p className="mt-1 text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}
