import { act, render, screen, within } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { CONTACT } from '@/config/brand';
import { TERMS_VERSION } from '@/contracts/terms';
import { legalKindOf } from '../legal-content';
import { LegalPage } from '../legal-page';
import { mount } from '../../index';

const TERMS_SECTIONS = [
  '1. O serviço',
  '2. Disponibilidade e suporte',
  '3. Pedidos, preços e pagamento',
  '4. Responsabilidades do Cliente',
  '5. Responsabilidades da Ponte IIoT',
  '6. Confidencialidade e propriedade intelectual',
  '7. Proteção de dados pessoais (LGPD)',
  '8. Suspensão',
  '9. Encerramento',
  '10. Limites de responsabilidade',
  '11. Mudanças nestes termos',
  '12. Lei aplicável e foro',
  '13. Contato',
];

const ANNEX_SECTIONS = [
  'A. Objeto, finalidade e duração',
  'B. Dados e titulares',
  'C. Instruções do Cliente',
  'D. Segurança e sigilo',
  'E. Suboperadores',
  'F. Direitos dos titulares',
  'G. Incidentes de segurança',
  'H. Fim do tratamento',
  'I. Comprovação',
];

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

  it('terms of use: their version, every clause a B2B contract needs and the data-processing annex', () => {
    render(<LegalPage kind="terms" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeInTheDocument();
    const [year, month, day] = TERMS_VERSION.split('-');
    expect(screen.getByText(`Versão de ${day}/${month}/${year}.`)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    const clauses = main.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(clauses).toEqual([...TERMS_SECTIONS, 'Anexo de Tratamento de Dados']);
    for (const title of TERMS_SECTIONS) expect(screen.getByRole('region', { name: title })).toBeInTheDocument();

    const annex = within(screen.getByRole('region', { name: 'Anexo de Tratamento de Dados' }));
    expect(annex.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(ANNEX_SECTIONS);
    expect(annex.getByText(/Ponte IIoT \(operadora\) faz em nome do Cliente \(controlador\), conforme o art\. 39 da LGPD\.$/)).toBeInTheDocument();

    // The LGPD roles, the forum, the notice of changes and the limit of liability, in plain words.
    const lgpd = within(screen.getByRole('region', { name: '7. Proteção de dados pessoais (LGPD)' }));
    expect(lgpd.getByText(/^Pela Lei Geral de Proteção de Dados .* o Cliente é o controlador dos dados pessoais dos seus clientes finais/)).toBeInTheDocument();
    expect(lgpd.getByText(/^A Ponte IIoT é operadora desses dados/)).toBeInTheDocument();
    expect(screen.getByText(/fica eleito o foro da Comarca de Campinas, Estado de São Paulo/)).toBeInTheDocument();
    expect(screen.getByText(/^Mudanças relevantes são avisadas com pelo menos 30 dias de antecedência/)).toBeInTheDocument();
    expect(screen.getByText(/limitada ao valor pago pelo Cliente à Ponte IIoT nos 12 meses anteriores/)).toBeInTheDocument();
    expect(screen.getByText(`Dúvidas sobre estes termos, avisos e pedidos do Cliente: ${CONTACT.email}.`)).toBeInTheDocument();
  });

  it('terms of use render with the footer links to both documents', () => {
    render(<LegalPage kind="terms" />);
    const legalNav = within(screen.getByRole('navigation', { name: 'Documentos legais' }));
    expect(legalNav.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacidade');
    expect(legalNav.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos');
  });

  it('the landing mounts /termos from its lazy-loaded legal page', async () => {
    window.history.pushState({}, '', '/termos');
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    act(() => mount(root, { area: 'landing', basename: '', isProduction: false, isLocal: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Anexo de Tratamento de Dados' })).toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
    window.history.pushState({}, '', '/');
  });
});
