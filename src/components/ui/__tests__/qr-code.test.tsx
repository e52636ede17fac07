import { render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { QR_FALLBACK_TEXT, QR_QUIET_ZONE, QrCode, qrCodeSvg, qrMatrix, qrPath } from '../qr-code';

const SETUP_URL = 'https://portal.ponteiiot.com.br/setup/PG1-7K3M-Q9XZ';

/** The dark cells a path draws, as "row,col" in symbol coordinates (the quiet zone taken off). */
function cellsOf(path: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(run); i += 1) cells.add(`${Number(y) - QR_QUIET_ZONE},${Number(x) - QR_QUIET_ZONE + i}`);
  }
  return cells;
}

function darkCells(value: string): Set<string> {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const cells = new Set<string>();
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) cells.add(`${row},${col}`);
  }
  return cells;
}

describe('QrCode', () => {
  // The library's first load (lazy, as in the app) can take a while on a busy test machine.
  beforeAll(async () => {
    await qrMatrix('aquecimento');
  });

  it('shows a skeleton, then an SVG image named by its label', async () => {
    const { container } = render(<QrCode value={SETUP_URL} label="QR code da configuração de Prensa 01" size={208} />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();

    const image = await screen.findByRole('img', { name: 'QR code da configuração de Prensa 01' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image).toHaveAttribute('width', '208');
    expect(image).toHaveAttribute('height', '208');
    expect(image).toHaveAttribute('shape-rendering', 'crispEdges');
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();

    // One vector path: exactly the modules of the code (error correction M), inside a 4-module quiet zone.
    const size = QRCode.create(SETUP_URL, { errorCorrectionLevel: 'M' }).modules.size;
    expect(image).toHaveAttribute('viewBox', `0 0 ${size + 8} ${size + 8}`);
    const paths = image.querySelectorAll('path');
    expect(paths).toHaveLength(1);
    expect(cellsOf(paths[0]?.getAttribute('d') ?? '')).toEqual(darkCells(SETUP_URL));
  });

  it('draws the new code when the value changes, never the old one meanwhile', async () => {
    const { rerender } = render(<QrCode value="primeiro" label="QR code" />);
    await screen.findByRole('img', { name: 'QR code' });
    rerender(<QrCode value="segundo valor, bem diferente" label="QR code" />);
    expect(screen.queryByRole('img', { name: 'QR code' })).toBeNull();
    const image = await screen.findByRole('img', { name: 'QR code' });
    expect(cellsOf(image.querySelector('path')?.getAttribute('d') ?? '')).toEqual(darkCells('segundo valor, bem diferente'));
  });

  it('says so in text when the code cannot be made', async () => {
    render(<QrCode value="" label="QR code Pix do pedido 1042" />);
    expect(await screen.findByText(QR_FALLBACK_TEXT)).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('qrCodeSvg', () => {
  it('returns standalone vector markup of the same modules', async () => {
    const svg = await qrCodeSvg(SETUP_URL);
    const size = QRCode.create(SETUP_URL, { errorCorrectionLevel: 'M' }).modules.size;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
    expect(svg).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    expect(svg).toContain('shape-rendering="crispEdges"');
    expect(svg.endsWith('</svg>')).toBe(true);
    const d = /<path fill="#000" d="([^"]+)"\/>/.exec(svg)?.[1] ?? '';
    expect(cellsOf(d)).toEqual(darkCells(SETUP_URL));
    // It parses as SVG.
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.tagName).toBe('svg');
  });

  it('takes a size and an escaped accessible name', async () => {
    const svg = await qrCodeSvg('x', { size: '30mm', label: 'Etiqueta <Prensa & "01">' });
    expect(svg).toContain('width="30mm" height="30mm"');
    expect(svg).toContain('aria-label="Etiqueta &#60;Prensa &#38; &#34;01&#34;&#62;"');
    expect(svg).toContain('<title>Etiqueta &#60;Prensa &#38; &#34;01&#34;&#62;</title>');
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('title')?.textContent).toBe('Etiqueta <Prensa & "01">');
  });

  it('rejects an empty value', async () => {
    await expect(qrCodeSvg('')).rejects.toThrow();
  });
});

describe('qrPath', () => {
  it('draws one rectangle per run of dark modules', () => {
    // 3×3: row 0 "110", row 1 "010", row 2 "111".
    const path = qrPath({ size: 3, data: [1, 1, 0, 0, 1, 0, 1, 1, 1] }, 0);
    expect(path).toBe('M0 0h2v1h-2zM1 1h1v1h-1zM0 2h3v1h-3z');
  });
});
