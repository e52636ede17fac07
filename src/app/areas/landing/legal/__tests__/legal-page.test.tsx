import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTACT } from '@/config/brand';
import { LegalPage, legalKindOf } from '../legal-page';

describe('legal pages', () => {
  it('maps /privacidade and /termos (trailing slash too) and nothing else', () => {
    expect(legalKindOf('/privacidade')).toBe('privacy');
    expect(legalKindOf('/privacidade/')).toBe('privacy');
    expect(legalKindOf('/termos')).toBe('terms');
    expect(legalKindOf('/outra')).toBeNull();
  });

  it('privacy policy names what is collected, who processes it and how to exercise the rights', () => {
    render(<LegalPage kind="privacy" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeInTheDocument();
    // The version the newsletter's consent records (contracts/newsletter.ts).
    expect(screen.getByText(/^Versão de \d{2}\/\d{2}\/\d{4}\.$/)).toBeInTheDocument();
    expect(screen.getByText(/^Newsletter: o e-mail que você inscreve, a data e a hora do seu consentimento/)).toBeInTheDocument();
    for (const title of ['O que coletamos', 'Por que coletamos', 'Por quanto tempo guardamos', 'Quem trata os dados conosco', 'Seus direitos']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/Um único cookie funcional: guarda se a barra lateral/)).toBeInTheDocument();
    expect(screen.getByText('Serviço de identidade: Firebase Authentication (Google), para entrar na conta.')).toBeInTheDocument();
    expect(screen.getByText('Hospedagem: Cloudflare, onde o site, o portal e a API funcionam.')).toBeInTheDocument();
    expect(screen.getByText(/^Relatórios de erro: Sentry/)).toBeInTheDocument();
    expect(screen.getByText(/^Plataforma de pagamento:/)).toBeInTheDocument();
    expect(screen.getByText(/art\. 18 da LGPD/)).toBeInTheDocument();
    expect(screen.getByText(`Para exercer qualquer um deles, escreva para ${CONTACT.email}. Respondemos em até 15 dias.`)).toBeInTheDocument();
    expect(screen.getByText(/Autoridade Nacional de Proteção de Dados \(ANPD\)/)).toBeInTheDocument();
  });

  it('terms of use render with the footer links to both documents', () => {
    render(<LegalPage kind="terms" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeInTheDocument();
    const legalNav = within(screen.getByRole('navigation', { name: 'Documentos legais' }));
    expect(legalNav.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacidade');
    expect(legalNav.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos');
  });
});
