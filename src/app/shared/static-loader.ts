/**
 * Pages served as HTML (prerendered at build time, scripts/vite-landing-prerender-plugin.ts): the landing and the
 * two sign-in pages are read, filled in and navigated without any JavaScript, and the app's scripts load at the
 * visitor's first interaction (pointer, touch, key or focus), when React hydrates the same markup. Every other
 * page (a signed-in screen, a sign-in page with a session to restore or a `?redirect=`, a 404 on the landing host)
 * loads the scripts at once, as before, and never paints a prerendered markup.
 *
 * `staticLoader` is written into index.html's <head> as an inline script (`(source)(config)`, its CSP hash in
 * dist/_headers), so it must stay self-contained: no imports, no closures over module scope, ES2019 syntax.
 * Before hydration it also does what the pages' few handlers would do:
 * - the landing's links to the portal: the markup links to the production portal; on any other host they are
 *   pointed where `areaUrl` points them (e.g. /portal/register on localhost, checked by its test); a sign-in
 *   page's own links (rendered for the production host) get the area's path prefix on local hosts;
 * - the landing's in-page menu links: lay out the whole page (`full-layout`), jump, focus the section's heading,
 *   like `goToSection`;
 * - a button pressed or a form submitted before React is there is held and replayed once it is
 *   (`window.__staticReplay`, src/lib/static-page.ts).
 */
export interface StaticLoaderConfig {
  /** The hashed entry module (main.tsx) and the modules it imports statically, as Vite's index.html had them. */
  entry: string;
  preload: string[];
  /** The landing's own chunks (the area and its static imports): preloaded with the entry on the landing. */
  landingChunks: string[];
  /** The production domain the markup was rendered for (its portal links start with https://portal.<domain>). */
  productionDomain: string;
  /** The prerendered sign-in pages: the area, the path on the area's own host, the document title. */
  signIn: Array<{ area: 'portal' | 'backoffice'; path: string; title: string }>;
  /** The localStorage key kept while signed in (a session to restore: the sign-in page is not shown as HTML). */
  sessionKey: string;
}

/** `loc`: the page's location (tests pass others; the inline call passes none). */
export function staticLoader(
  config: StaticLoaderConfig,
  loc: Pick<Location, 'hostname' | 'pathname' | 'protocol' | 'port' | 'hash' | 'search'> = window.location,
): void {
  const doc = document;
  const html = doc.documentElement;
  const host = loc.hostname.toLowerCase();
  const path = loc.pathname.replace(/\/+$/, '') || '/';
  const pathPrefixed = ['localhost', '127.0.0.1', '[::1]', '::1'].indexOf(host) >= 0;
  // The area as resolveArea (src/config/areas.ts) picks it: the first path segment on local hosts, else the host.
  const segment = (path.split('/')[1] ?? '').toLowerCase();
  const area = pathPrefixed
    ? segment === 'backoffice' || segment === 'portal'
      ? segment
      : 'landing'
    : host.indexOf('backoffice') >= 0
      ? 'backoffice'
      : host.indexOf('portal') >= 0
        ? 'portal'
        : 'landing';
  // The path inside the area (what its router matches).
  const own = pathPrefixed && area !== 'landing' ? path.slice(area.length + 1) || '/' : path;
  const markupIds = ['landing'].concat(config.signIn.map((page) => 'signin-' + page.area));
  let started = false;

  const start = () => {
    if (started) return;
    started = true;
    for (const href of area === 'landing' ? config.preload.concat(config.landingChunks) : config.preload) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.appendChild(link);
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = config.entry;
    doc.head.appendChild(script);
  };

  const sessionMayExist = () => {
    try {
      return window.localStorage.getItem(config.sessionKey) !== null;
    } catch {
      // Storage blocked: nothing tells; let the app look.
      return true;
    }
  };

  if (area !== 'landing') {
    // Signed pages are not for search engines (main.tsx says the same once it runs).
    const robots = doc.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    doc.head.appendChild(robots);
  }
  if (area === 'backoffice') {
    html.classList.add('theme-backoffice');
    const icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = '/favicon-backoffice.svg';
  }

  const signIn = config.signIn.filter((page) => page.area === area && page.path === own)[0];
  let shown: string | null = null;
  if (area === 'landing' && (path === '/' || path === '/landing')) shown = 'landing';
  else if (signIn && !loc.search && !sessionMayExist()) shown = 'signin-' + area;

  // The markups that do not paint here leave (CSS hides them until then).
  doc.addEventListener('DOMContentLoaded', () => {
    markupIds.forEach((id) => {
      const markup = id === shown ? null : doc.getElementById(id);
      if (markup) markup.remove();
    });
  });
  if (!shown) {
    start();
    return;
  }

  html.setAttribute('data-static', shown);
  if (signIn) {
    doc.title = signIn.title;
    if (pathPrefixed) {
      const prefix = '/' + area;
      doc.addEventListener('DOMContentLoaded', () => {
        doc.querySelectorAll<HTMLAnchorElement>('#' + shown + ' a[href^="/"]').forEach((link) => {
          link.setAttribute('href', prefix + (link.getAttribute('href') ?? ''));
        });
      });
    }
  } else {
    const prodPortal = 'https://portal.' + config.productionDomain;
    let portal = prodPortal;
    if (pathPrefixed) portal = '/portal';
    else if (host !== config.productionDomain) {
      const base =
        host === 'localhost' || host.slice(-10) === '.localhost'
          ? 'localhost'
          : host.indexOf(config.productionDomain) >= 0
            ? config.productionDomain
            : host.replace(/^(www|portal|backoffice)\./, '');
      portal = loc.protocol + '//portal.' + base + (loc.port ? ':' + loc.port : '');
    }
    doc.addEventListener('DOMContentLoaded', () => {
      if (portal === prodPortal) return;
      const links = doc.querySelectorAll<HTMLAnchorElement>('#landing a[href^="' + prodPortal + '/"]');
      links.forEach((link) => {
        link.setAttribute('href', portal + (link.getAttribute('href') ?? '').slice(prodPortal.length));
      });
    });
  }

  const wakeEvents = ['pointerdown', 'touchstart', 'keydown', 'focusin'];
  const wake = () => {
    for (const type of wakeEvents) window.removeEventListener(type, wake, true);
    start();
  };
  for (const type of wakeEvents) window.addEventListener(type, wake, { capture: true, passive: true });

  // Until React has hydrated the page (data-hydrated, set once its commit is done, then what is held here is
  // replayed): before that, between the scripts' arrival and the end of the hydration too, a submit would be the
  // browser's own (a GET carrying the fields, a password included, in the address).
  const waiting = () => !html.hasAttribute('data-hydrated');
  window.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!waiting() || !target || event.defaultPrevented) return;
      const button = target.closest('button');
      if (button) {
        event.preventDefault();
        window.__staticReplay = button;
        return;
      }
      const link = target.closest<HTMLAnchorElement>('a[href^="#"]');
      const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
      const id = link ? decodeURIComponent((link.getAttribute('href') ?? '').slice(1)) : '';
      const section = id ? doc.getElementById(id) : null;
      if (!plain || !section || section.tagName !== 'SECTION') return;
      event.preventDefault();
      html.classList.add('full-layout');
      const reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      section.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
      const heading = section.querySelector<HTMLElement>('[data-section-heading]') ?? section;
      heading.focus({ preventScroll: true });
      if (loc.hash !== '#' + id) window.history.pushState(null, '', '#' + id);
    },
    true,
  );
  window.addEventListener(
    'submit',
    (event) => {
      if (!waiting() || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      window.__staticReplay = event.target;
    },
    true,
  );
}
