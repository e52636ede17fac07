/** The brand, in one place. Contact data comes from configuration (see .env.example). */
export const PRODUCT_NAME = 'Ponte IIoT';
export const PRODUCT_TAGLINE = 'Conectividade industrial segura';

const rawEnv = import.meta.env as Record<string, string | undefined>;

function setting(name: string, fallback: string): string {
  const value = rawEnv[name]?.trim();
  return value ? value : fallback;
}

/** Production domain; a host containing it is production (Sentry environment; the demo never runs there). */
export const PRODUCTION_DOMAIN = setting('VITE_PRODUCTION_DOMAIN', 'ponteiiot.com.br');

export const CONTACT = {
  city: setting('VITE_CONTACT_CITY', 'Campinas, SP'),
  phone: setting('VITE_CONTACT_PHONE', '+55 19 3500-4200'),
  email: setting('VITE_CONTACT_EMAIL', 'contato@ponteiiot.com.br'),
} as const;
