/**
 * QR codes as vector SVG (error correction M), crisp on screen and on printed gateway labels. The `qrcode` library
 * loads on the first QR code shown, never with a page's first load; the SVG is ours: one path of dark modules
 * over a white square with the standard 4-module quiet zone, no innerHTML.
 */
import { useEffect, useState } from 'react';
import type * as QRCodeLibrary from 'qrcode';
import { cn } from '@/lib/cn';
import { Skeleton } from './skeleton';

/** The blank margin every reader expects around a QR code, in modules. */
export const QR_QUIET_ZONE = 4;
export const QR_FALLBACK_TEXT = 'Não foi possível gerar o QR code.';

/** The symbol's modules: `size` × `size`, row by row, 1 = dark. */
export interface QrMatrix {
  size: number;
  data: ArrayLike<number>;
}

type QrCodeModule = typeof QRCodeLibrary;

let qrLibrary: Promise<QrCodeModule> | null = null;

function loadQrLibrary(): Promise<QrCodeModule> {
  qrLibrary ??= import('qrcode').then((module) => {
    // A CommonJS package: depending on the bundler its exports arrive on the namespace or on `default`.
    const withDefault = module as QrCodeModule & { default?: QrCodeModule };
    return typeof module.create === 'function' ? module : (withDefault.default ?? module);
  });
  qrLibrary.catch(() => {
    qrLibrary = null; // a failed chunk can be retried by the next QR code
  });
  return qrLibrary;
}

/** The modules of `value`'s QR code (error correction M). Rejects on empty or too long a value. */
export async function qrMatrix(value: string): Promise<QrMatrix> {
  const { create } = await loadQrLibrary();
  const modules: QRCodeLibrary.BitMatrix = create(value, { errorCorrectionLevel: 'M' }).modules;
  return { size: modules.size, data: modules.data };
}

/**
 * The path of the dark modules, in module units, shifted by the quiet zone: one `M x y h n v1 h-n z` rectangle per
 * run of dark modules in a row.
 */
export function qrPath(matrix: QrMatrix, margin = QR_QUIET_ZONE): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row += 1) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.data[row * matrix.size + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.data[row * matrix.size + col]) col += 1;
      const run = col - start;
      parts.push(`M${start + margin} ${row + margin}h${run}v1h-${run}z`);
    }
  }
  return parts.join('');
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface QrCodeSvgOptions {
  /** Width and height attributes (any CSS length: 200, "30mm"); without it the SVG fills its box. */
  size?: number | string;
  /** The accessible name (`role="img"` and a `<title>`). */
  label?: string;
}

/** Standalone SVG markup of `value`'s QR code, for print pages and downloads (the same modules as `<QrCode>`). */
export async function qrCodeSvg(value: string, options: QrCodeSvgOptions = {}): Promise<string> {
  const matrix = await qrMatrix(value);
  const side = matrix.size + 2 * QR_QUIET_ZONE;
  const size = options.size === undefined ? '' : ` width="${escapeXml(String(options.size))}" height="${escapeXml(String(options.size))}"`;
  const label = options.label === undefined ? '' : ` role="img" aria-label="${escapeXml(options.label)}"`;
  const title = options.label === undefined ? '' : `<title>${escapeXml(options.label)}</title>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"${size}${label} shape-rendering="crispEdges">` +
    `${title}<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${qrPath(matrix)}"/></svg>`
  );
}

export interface QrCodeProps {
  value: string;
  /** Width and height in CSS pixels (default 192). */
  size?: number;
  /** The accessible name, e.g. "QR code Pix do pedido 1042". */
  label: string;
  className?: string;
}

type QrState = { value: string; matrix: QrMatrix } | { value: string; failed: true };

/**
 * A QR code as an SVG image named by `label`. While the library loads: a skeleton of the same size (the box says
 * it is busy); if the code cannot be made (empty or too long a value, a chunk that failed): a short text instead.
 */
export function QrCode({ value, size = 192, label, className }: QrCodeProps) {
  const [state, setState] = useState<QrState | null>(null);

  useEffect(() => {
    let cancelled = false;
    qrMatrix(value).then(
      (matrix) => {
        if (!cancelled) setState({ value, matrix });
      },
      () => {
        if (!cancelled) setState({ value, failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [value]);

  const current = state?.value === value ? state : null;

  if (!current) {
    return (
      <div className={cn('inline-block', className)} style={{ width: size, height: size }} aria-busy="true">
        <Skeleton className="h-full w-full" />
        <span className="sr-only">Gerando {label}…</span>
      </div>
    );
  }

  if ('failed' in current) {
    return (
      <div
        className={cn(
          'flex items-center justify-center rounded-md border border-dashed border-slate-300 p-3 text-center text-sm text-slate-600',
          className,
        )}
        style={{ width: size, height: size }}
      >
        {QR_FALLBACK_TEXT}
      </div>
    );
  }

  const side = current.matrix.size + 2 * QR_QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className={cn('block [print-color-adjust:exact]', className)}
    >
      <rect width={side} height={side} fill="#fff" />
      <path fill="#000" d={qrPath(current.matrix)} />
    </svg>
  );
}
