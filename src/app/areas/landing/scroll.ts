import type { MouseEvent } from 'react';

/** In-page navigation: scroll the section into view (smooth unless reduced motion is asked for), then focus it. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The element that receives focus after a jump: the section's heading (tabIndex=-1), else the section. */
function focusTarget(section: HTMLElement): HTMLElement {
  return section.querySelector<HTMLElement>('[data-section-heading]') ?? section;
}

export function goToSection(
  id: string,
  { updateHash = true, animate = true }: { updateHash?: boolean; animate?: boolean } = {},
): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  // Sections off screen skip layout (.below-fold): lay them all out so the jump lands on the real position.
  document.documentElement.classList.add('full-layout');
  section.scrollIntoView({ behavior: animate && !prefersReducedMotion() ? 'smooth' : 'auto', block: 'start' });
  focusTarget(section).focus({ preventScroll: true });
  if (updateHash && window.location.hash !== `#${id}`) window.history.pushState(null, '', `#${id}`);
  return true;
}

/** onClick for `<a href="#id">`: plain left clicks scroll in-page; modified clicks keep the browser's behaviour. */
export function onSectionLinkClick(id: string, after?: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    if (goToSection(id)) event.preventDefault();
    after?.();
  };
}
