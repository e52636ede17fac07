import { CONTACT } from '@/config/brand';
import { SiteFooter } from '../sections/site-footer';
import type { LegalDocument, LegalKind, LegalSection } from './legal-content';
import { privacyPolicy } from './privacy-content';
import { termsOfUse } from './terms-content';

function documentOf(kind: LegalKind): LegalDocument {
  return kind === 'privacy' ? privacyPolicy(CONTACT.email) : termsOfUse(CONTACT.email);
}

const anchorOf = (title: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function Section({ section, level }: { section: LegalSection; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const id = anchorOf(section.title);
  return (
    <section aria-labelledby={id} className={level === 2 ? 'mt-8' : 'mt-6'}>
      <Heading id={id} className={level === 2 ? 'text-xl font-semibold text-slate-900' : 'text-lg font-semibold text-slate-900'}>
        {section.title}
      </Heading>
      {section.paragraphs.map((text) => (
        <p key={text} className="mt-3 leading-relaxed">
          {text}
        </p>
      ))}
    </section>
  );
}

/**
 * /privacidade and /termos: a plain document page with the landing's footer — the document's sections (h2) and its
 * annexes (h2, their sections h3). A chunk of its own: the landing's first load carries none of the texts.
 */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const doc = documentOf(kind);
  return (
    <>
      <main id="conteudo" className="mx-auto max-w-3xl px-4 py-12 text-slate-800 sm:px-6">
        <p>
          <a href="/" className="rounded text-sm font-medium text-accent-strong underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring">
            Voltar ao início
          </a>
        </p>
        <h1 className="mt-6 text-3xl font-bold text-slate-900">{doc.title}</h1>
        {doc.version ? <p className="mt-2 text-sm text-slate-600">{doc.version}</p> : null}
        <p className="mt-4 leading-relaxed">{doc.intro}</p>
        {doc.sections.map((section) => (
          <Section key={section.title} section={section} level={2} />
        ))}
        {(doc.annexes ?? []).map((annex) => (
          <section key={annex.title} aria-labelledby={anchorOf(annex.title)} className="mt-12 border-t border-slate-200 pt-8">
            <h2 id={anchorOf(annex.title)} className="text-2xl font-bold text-slate-900">
              {annex.title}
            </h2>
            <p className="mt-4 leading-relaxed">{annex.intro}</p>
            {annex.sections.map((section) => (
              <Section key={section.title} section={section} level={3} />
            ))}
          </section>
        ))}
      </main>
      <SiteFooter />
    </>
  );
}

export default LegalPage;
