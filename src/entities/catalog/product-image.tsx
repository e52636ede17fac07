/**
 * A product's picture: one of the fixed set of `PRODUCT_IMAGES` (contracts/catalog.ts), drawn inline (no upload, no
 * request). Decorative beside the product's name (`aria-hidden`) unless a `label` is given (the image picker).
 */
import type { ReactNode } from 'react';
import { PRODUCT_IMAGE_LABELS, type ProductImage as ProductImageKey } from '@/contracts/catalog';
import { cn } from '@/lib/cn';

const BOX = <rect x="8" y="22" width="48" height="28" rx="4" fill="#e2e8f0" stroke="#475569" strokeWidth="2" />;
const LEDS = (
  <>
    <circle cx="16" cy="30" r="2" fill="#16a34a" />
    <circle cx="23" cy="30" r="2" fill="#f59e0b" />
  </>
);

const DRAWINGS: Record<ProductImageKey, ReactNode> = {
  'gateway-4g': (
    <>
      {BOX}
      {LEDS}
      <path d="M18 22V8M46 22V8" stroke="#475569" strokeWidth="2.5" strokeLinecap="round" />
      {/* Signal bars (no <text>: the drawing adds nothing to the text around it). */}
      <path d="M38 44v-3M42 44v-6M46 44v-9M50 44v-12" stroke="#334155" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  'gateway-ethernet': (
    <>
      {BOX}
      {LEDS}
      {[14, 25, 36, 47].map((x) => (
        <rect key={x} x={x - 3} y="38" width="8" height="7" rx="1" fill="#334155" />
      ))}
    </>
  ),
  'gateway-wifi': (
    <>
      {BOX}
      {LEDS}
      <path d="M22 14a14 14 0 0 1 20 0M26 18a8 8 0 0 1 12 0" stroke="#475569" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <circle cx="32" cy="21" r="1.8" fill="#475569" />
      <rect x="36" y="38" width="8" height="7" rx="1" fill="#334155" />
      <rect x="47" y="38" width="8" height="7" rx="1" fill="#334155" />
    </>
  ),
  gateway: (
    <>
      {BOX}
      {LEDS}
      <rect x="36" y="38" width="14" height="6" rx="1" fill="#334155" />
    </>
  ),
  plan: (
    <>
      <path
        d="M20 46h26a10 10 0 0 0 0-20 14 14 0 0 0-27-3A11 11 0 0 0 20 46Z"
        fill="#e0f2fe"
        stroke="#0369a1"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M27 36l4 4 8-9" stroke="#0369a1" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
};

export interface ProductImageProps {
  image: ProductImageKey;
  /** Names the picture (its pt-BR label); without it, the picture is decorative. */
  labelled?: boolean;
  className?: string;
}

export function ProductImage({ image, labelled = false, className }: ProductImageProps) {
  return (
    <svg
      viewBox="0 0 64 56"
      className={cn('h-12 w-14 shrink-0', className)}
      {...(labelled ? { role: 'img', 'aria-label': PRODUCT_IMAGE_LABELS[image] } : { 'aria-hidden': true })}
      focusable="false"
    >
      {DRAWINGS[image]}
    </svg>
  );
}
