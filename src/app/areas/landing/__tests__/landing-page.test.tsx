import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToaster } from '@/components/ui/toast';
import { CONTACT, PRODUCT_NAME } from '@/config/brand';
import { makeMediaQueryList } from '@/testing/match-media';
import { FAQ, NAV_ITEMS, PLANS } from '../content';
import LandingPage, { LANDING_TITLE } from '../landing-page';
import { formatPlanPrice } from '../sections/pricing';
import { telHref } from '../sections/site-footer';

let scrolled: Array<{ id: string; options: ScrollIntoViewOptions | boolean | undefined }> = [];

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    makeMediaQueryList(query, query.includes('prefers-reduced-motion') ? reduce : false),
  );
}

beforeEach(() => {
  scrolled = [];
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element, options?: ScrollIntoViewOptions | boolean) {
    scrolled.push({ id: this.id, options });
  };
  window.history.replaceState(null, '', '/');
});

afterEach(async () => {
  await act(() => resetToaster());
});

describe('landing page', () => {
  it('has one h1, the landmarks, a skip link and the title', () => {
    render(<LandingPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'conteudo');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute('href', '#conteudo');
    expect(document.title).toBe(LANDING_TITLE);
    expect(LANDING_TITLE).toContain(PRODUCT_NAME);
  });

  it('has the sections of the in-page menu, each with an h2 that can take focus', () => {
    const { container } = render(<LandingPage />);
    for (const id of ['benefits', 'features', 'pricing', 'testimonials', 'faq']) {
      const section = container.querySelector(`section#${id}`);
      expect(section, id).not.toBeNull();
      const heading = section?.querySelector('h2');
      expect(heading).toHaveAttribute('tabindex', '-1');
    }
  });

  it('"Começar Agora" and every plan button lead to the portal registration (/portal/register on localhost)', () => {
    render(<LandingPage />);
    const starts = screen.getAllByRole('link', { name: 'Começar Agora' });
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (const link of starts) expect(link).toHaveAttribute('href', '/portal/register');
    const pricing = within(document.getElementById('pricing') as HTMLElement);
    for (const plan of PLANS) {
      expect(pricing.getByRole('link', { name: `Assinar o ${plan.name}` })).toHaveAttribute('href', '/portal/register');
    }
  });

  it('shows three plans in BRL per gateway per month, with what each includes', () => {
    render(<LandingPage />);
    const pricing = document.getElementById('pricing') as HTMLElement;
    expect(PLANS).toHaveLength(3);
    for (const text of ['R$ 49/gateway/mês', 'R$ 89/gateway/mês', 'R$ 149/gateway/mês']) {
      expect(pricing).toHaveTextContent(text);
    }
    for (const plan of PLANS) {
      for (const item of plan.includes) expect(within(pricing).getAllByText(item).length).toBeGreaterThan(0);
    }
    expect(formatPlanPrice(4900)).toBe('R$\u00a049');
    expect(formatPlanPrice(4990)).toBe('R$\u00a049,90');
  });

  it('menu links scroll smoothly to their section, focus its heading and update the hash', async () => {
    mockReducedMotion(false);
    const user = userEvent.setup();
    render(<LandingPage />);
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    for (const item of NAV_ITEMS) {
      await user.click(within(nav).getByRole('link', { name: item.label }));
      expect(scrolled.at(-1)).toEqual({ id: item.id, options: { behavior: 'smooth', block: 'start' } });
      expect(document.getElementById(`${item.id}-title`)).toHaveFocus();
      expect(window.location.hash).toBe(`#${item.id}`);
    }
  });

  it('reduced motion: the jump is instant', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    render(<LandingPage />);
    await user.click(screen.getByRole('link', { name: 'Ver planos e preços' }));
    expect(scrolled.at(-1)).toEqual({ id: 'pricing', options: { behavior: 'auto', block: 'start' } });
    expect(document.getElementById('pricing-title')).toHaveFocus();
  });

  it('honours a #hash on arrival (the page loads after the browser tried to jump)', () => {
    window.history.replaceState(null, '', '/landing#faq');
    render(<LandingPage />);
    expect(scrolled.at(-1)).toEqual({ id: 'faq', options: { behavior: 'auto', block: 'start' } });
  });

  it('the mobile menu button toggles, Escape closes it and gives focus back', async () => {
    const user = userEvent.setup();
    render(<LandingPage />);
    const button = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('link', { name: NAV_ITEMS[0]?.label })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(within(panel).getByRole('link', { name: 'Planos' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('pricing-title')).toHaveFocus();
  });

  it('the FAQ is a native accordion with 6 to 8 questions', async () => {
    const user = userEvent.setup();
    render(<LandingPage />);
    const faq = document.getElementById('faq') as HTMLElement;
    const items = faq.querySelectorAll('details');
    expect(items.length).toBe(FAQ.length);
    expect(FAQ.length).toBeGreaterThanOrEqual(6);
    expect(FAQ.length).toBeLessThanOrEqual(8);
    const first = items[0] as HTMLDetailsElement;
    const summary = first.querySelector('summary') as HTMLElement;
    expect(first.open).toBe(false);
    await user.click(summary);
    expect(first.open).toBe(true);
    await user.click(summary);
    expect(first.open).toBe(false);
  });

  it('the footer shows the three contact items and the newsletter form', () => {
    render(<LandingPage />);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(CONTACT.city)).toBeInTheDocument();
    expect(footer.getByRole('link', { name: CONTACT.phone })).toHaveAttribute('href', 'tel:+551935004200');
    expect(footer.getByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`);
    expect(footer.getByLabelText('Seu e-mail')).toBeInTheDocument();
    expect(footer.getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
    // LGPD: explicit consent, unticked, naming the privacy policy (a link to it).
    const consent = footer.getByRole('checkbox', { name: 'Aceito receber a newsletter do Ponte IIoT e li a Política de Privacidade.' });
    expect(consent).not.toBeChecked();
    expect(footer.getAllByRole('link', { name: 'Política de Privacidade' }).map((link) => link.getAttribute('href'))).toEqual([
      '/privacidade',
      '/privacidade',
    ]);
    expect(footer.getByText(new RegExp(`© \\d{4} ${PRODUCT_NAME}`))).toBeInTheDocument();
  });

  it('tel: hrefs keep only the + and the digits', () => {
    expect(telHref('+55 19 3500-4200')).toBe('tel:+551935004200');
    expect(telHref('(19) 3500-4200')).toBe('tel:1935004200');
  });
});

describe('landing page, staged (as deployed)', () => {
  const belowTheFold = ['benefits', 'features', 'pricing', 'testimonials', 'faq'];

  it('paints the header and the hero first, then the sections below the fold and the footer, in page order', async () => {
    const { container } = render(<LandingPage staged />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    for (const id of belowTheFold) expect(container.querySelector(`section#${id}`), id).toBeNull();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();

    // The order is what is checked here, not the speed: a busy machine may take more than a second of frames.
    expect(await screen.findByRole('contentinfo', undefined, { timeout: 5000 })).toBeInTheDocument();
    const ids = [...container.querySelectorAll('main section[id]')].map((section) => section.id);
    expect(ids).toEqual(belowTheFold);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('a menu link followed before its section has arrived builds the rest at once and jumps there', async () => {
    mockReducedMotion(false);
    const { container } = render(<LandingPage staged />);
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(container.querySelector('section#faq')).toBeNull();
    fireEvent.click(within(nav).getByRole('link', { name: 'Dúvidas' }));
    await waitFor(() => expect(scrolled.at(-1)).toEqual({ id: 'faq', options: { behavior: 'smooth', block: 'start' } }));
    expect(document.getElementById('faq-title')).toHaveFocus();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('an address with a section\'s #hash renders the whole page at once and opens it there', () => {
    window.history.replaceState(null, '', '/landing#testimonials');
    const { container } = render(<LandingPage staged />);
    for (const id of belowTheFold) expect(container.querySelector(`section#${id}`), id).not.toBeNull();
    expect(scrolled.at(-1)).toEqual({ id: 'testimonials', options: { behavior: 'auto', block: 'start' } });
  });
});

describe('landing routes', () => {
  it('only / and /landing render the page; everything else is the 404 page', async () => {
    const { isLandingPath } = await import('../index');
    for (const path of ['/', '/landing', '/landing/', '//']) expect(isLandingPath(path), path).toBe(true);
    for (const path of ['/precos', '/landing/extra', '/register']) expect(isLandingPath(path), path).toBe(false);
  });
});
