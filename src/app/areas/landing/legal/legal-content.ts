/**
 * The landing's legal pages: their paths and the shape of their documents. The texts themselves are chunks of their
 * own, loaded with the page (legal-page.tsx is lazy): the Política de Privacidade in privacy-content.ts, the Termos de
 * Uso (and their Anexo de Tratamento de Dados) in terms-content.ts.
 */
import { landingPaths } from '@/config/paths';

export const legalPaths = { privacy: landingPaths.privacy, terms: landingPaths.terms } as const;

export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
}

/** A document attached to another (the terms' Anexo de Tratamento de Dados): its own heading, intro and sections. */
export interface LegalAnnex {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  /** The version in force, as the page shows it (the newsletter's consent and the accounts' acceptance record it). */
  version?: string;
  sections: readonly LegalSection[];
  annexes?: readonly LegalAnnex[];
}

export type LegalKind = keyof typeof legalPaths;

/** The legal page a landing path names, or null. */
export function legalKindOf(path: string): LegalKind | null {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === legalPaths.privacy) return 'privacy';
  if (clean === legalPaths.terms) return 'terms';
  return null;
}

