import type { ReactNode } from 'react';
import type { BenefitIcon, FeatureIcon } from '../content';

/** Line icons for the landing's cards, on the design system's 24-unit grid; decorative (aria-hidden). */
function Glyph({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const PATHS: Record<BenefitIcon | FeatureIcon, ReactNode> = {
  support: (
    <>
      <path d="M4 13v-1a8 8 0 0 1 16 0v1" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
      <path d="M19 19c0 1.5-1.5 2.5-4 2.5h-2" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.2 7.5 9.5 4.3-1.3 7.5-4.9 7.5-9.5V6L12 3Z" />
      <rect x="9" y="11" width="6" height="5" rx="1" />
      <path d="M10.5 11V9.5a1.5 1.5 0 0 1 3 0V11" />
    </>
  ),
  receipt: (
    <>
      <path d="M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2V3Z" />
      <path d="M14.5 8.5c-.5-.8-1.4-1-2.5-1-1.4 0-2.5.6-2.5 1.7 0 2.5 5 1.3 5 3.8 0 1.1-1.1 1.8-2.5 1.8-1.2 0-2.1-.4-2.6-1.2M12 6.5v1M12 14.8v1" />
    </>
  ),
  cnpj: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M7 10h4M7 14h3M14 10h3M14 14h3" />
    </>
  ),
  gateway: (
    <>
      <rect x="3" y="12" width="18" height="8" rx="2" />
      <path d="M7 16h.01M10.5 16h.01M15 12V6" />
      <path d="M12 5.2a4.5 4.5 0 0 1 6 0M10.2 3.3a7 7 0 0 1 9.6 0" />
    </>
  ),
  qr: (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3M21 14v.01M14 21h3M21 18v3h-1M17 17h.01" />
    </>
  ),
  browser: (
    <>
      <rect x="2.5" y="4" width="19" height="16" rx="2" />
      <path d="M2.5 8.5h19M6 6.3h.01M8.5 6.3h.01" />
      <path d="m9 13 2 2 4-4" />
    </>
  ),
  history: (
    <>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
      <path d="M3.5 4v4h4M12 7.5V12l3 2" />
    </>
  ),
  models: (
    <>
      <path d="M12 3 3 7.5l9 4.5 9-4.5L12 3Z" />
      <path d="m3 12 9 4.5 9-4.5M3 16.5 12 21l9-4.5" />
    </>
  ),
  factory: (
    <>
      <path d="M3 21V10l5 3V10l5 3V10l5 3V4h3v17H3Z" />
      <path d="M7 17h2M12 17h2M17 17h1" />
    </>
  ),
};

export function LandingIcon({ name, size }: { name: BenefitIcon | FeatureIcon; size?: number }) {
  return <Glyph size={size}>{PATHS[name]}</Glyph>;
}
