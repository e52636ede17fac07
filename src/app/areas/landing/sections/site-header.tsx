import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';
import { NAV_ITEMS } from '../content';
import { onSectionLinkClick } from '../scroll';

const MENU_ID = 'menu-principal-mobile';
const DESKTOP = '(min-width: 1024px)';

/**
 * Sticky header: logo, the in-page menu and the calls to action. Below 1024 px (phones and tablets) the menu
 * collapses behind a "Menu" button (aria-expanded/aria-controls); opening moves focus to the first link, Escape closes and returns
 * focus to the button, a click outside or a chosen link closes it.
 */
export function SiteHeader({ registerUrl, loginUrl }: { registerUrl: string; loginUrl: string }) {
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstLinkRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstLinkRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) setOpen(false);
    };
    const desktop = typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP) : null;
    const onResize = () => {
      if (desktop?.matches) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    desktop?.addEventListener('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      desktop?.removeEventListener('change', onResize);
    };
  }, [open]);

  const close = () => setOpen(false);
  const linkClass =
    'rounded-md font-medium text-slate-700 transition-colors hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-2';

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="shrink-0 whitespace-nowrap rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-2">
          <Logo />
        </a>

        <nav aria-label="Navegação principal" className="hidden lg:block">
          <ul className="flex items-center gap-5 lg:gap-8">
            {NAV_ITEMS.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} className={cn(linkClass, 'whitespace-nowrap px-1 py-2 text-sm')} onClick={onSectionLinkClick(item.id)}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2 sm:gap-3">
          <a href={loginUrl} className={cn(linkClass, 'hidden whitespace-nowrap px-2 py-2 text-sm lg:inline-block')}>
            Entrar
          </a>
          <a href={registerUrl} className={buttonClasses('primary', 'md', 'hidden whitespace-nowrap sm:inline-flex')}>
            Começar Agora
          </a>
          <button
            ref={buttonRef}
            type="button"
            className={buttonClasses('ghost', 'icon', 'lg:hidden')}
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <CloseIcon width={22} height={22} /> : <MenuIcon width={22} height={22} />}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>

      <div
        id={MENU_ID}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg lg:hidden"
      >
        <nav aria-label="Navegação principal" className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col">
            {NAV_ITEMS.map((item, index) => (
              <li key={item.id}>
                <a
                  ref={index === 0 ? firstLinkRef : undefined}
                  href={`#${item.id}`}
                  className={cn(linkClass, 'block px-2 py-3 text-base')}
                  onClick={onSectionLinkClick(item.id, close)}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-4">
            <a href={registerUrl} className={buttonClasses('primary', 'lg', 'w-full')}>
              Começar Agora
            </a>
            <a href={loginUrl} className={buttonClasses('secondary', 'lg', 'w-full')}>
              Entrar
            </a>
          </div>
        </nav>
      </div>
    </header>
  );
}
