import { CONTACT } from '@/config/brand';
import { SiteFooter } from '../sections/site-footer';
import { legalPaths, privacyPolicy, termsOfUse, type LegalDocument } from './legal-content';

export type LegalKind = keyof typeof legalPaths;

/** The legal page a landing path names, or null. */
export function legalKindOf(path: string): LegalKind | null {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === legalPaths.privacy) return 'privacy';
  if (clean === legalPaths.terms) return 'terms';
  return null;
}

function documentOf(kind: LegalKind): LegalDocument {
  return kind === 'privacy' ? privacyPolicy(CONTACT.email) : termsOfUse(CONTACT.email);
}

/** /privacidade and /termos: a plain document page with the landing's footer. */
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
          <section key={section.title} className="mt-8">
            <h2 className="text-xl font-semibold text-slate-900">{section.title}</h2>
            {section.paragraphs.map((text) => (
              <p key={text} className="mt-3 leading-relaxed">
                {text}
              </p>
            ))}
          </section>
        ))}
      </main>
      <SiteFooter />
    </>
  );
}
