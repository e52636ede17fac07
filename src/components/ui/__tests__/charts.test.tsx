import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, chartSummary, DonutChart } from '../charts';

const DAYS = [
  { label: 'seg.', sublabel: '16/11', description: 'segunda-feira, 16/11', value: 3 },
  { label: 'ter.', sublabel: '17/11', description: 'terça-feira, 17/11', value: 0 },
  { label: 'qua.', sublabel: '18/11', description: 'quarta-feira, 18/11', value: 1200 },
];

describe('BarChart', () => {
  it('is one image whose label summarises every figure', () => {
    render(<BarChart title="Conexões por dia" data={DAYS} labelHeader="Dia" valueHeader="Conexões" />);
    const image = screen.getByRole('img');
    expect(image).toHaveAccessibleName(
      'Conexões por dia: segunda-feira, 16/11: 3; terça-feira, 17/11: 0; quarta-feira, 18/11: 1.200.',
    );
  });

  it('gives the figures to screen readers as a visually hidden table', () => {
    render(<BarChart title="Conexões por dia" data={DAYS} labelHeader="Dia" valueHeader="Conexões" />);
    const table = screen.getByRole('table', { name: 'Conexões por dia' });
    expect(table).toHaveClass('sr-only');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Dia', 'Conexões']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['segunda-feira, 16/113', 'terça-feira, 17/110', 'quarta-feira, 18/111.200']);
    expect(within(rows[2] as HTMLElement).getByRole('rowheader')).toHaveTextContent('quarta-feira, 18/11');
  });

  it('draws one bar per non-zero value, the tallest at full height, with labels and values', () => {
    const { container } = render(<BarChart title="Conexões" data={DAYS} />);
    const bars = container.querySelectorAll('rect');
    expect(bars).toHaveLength(2);
    expect(Number(bars[1]?.getAttribute('height'))).toBe(110);
    const texts = [...container.querySelectorAll('svg text')].map((text) => text.textContent);
    expect(texts).toEqual(['3', 'seg.', '16/11', '0', 'ter.', '17/11', '1.200', 'qua.', '18/11']);
  });

  it('takes a summary of its own, and survives no data and all zeros', () => {
    const { rerender } = render(<BarChart title="Conexões" data={[]} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Conexões: sem dados.');
    rerender(<BarChart title="Conexões" summary="Nenhuma conexão na semana." data={DAYS.map((d) => ({ ...d, value: 0 }))} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Nenhuma conexão na semana.');
    expect(document.querySelectorAll('rect')).toHaveLength(0);
  });
});

describe('DonutChart', () => {
  const STATUS = [
    { label: 'Online', value: 31, tone: 'success' as const },
    { label: 'Offline', value: 14, tone: 'danger' as const },
    { label: 'Nunca conectado', value: 25, tone: 'neutral' as const },
  ];

  it('summarises the figures and the total in the image label', () => {
    render(<DonutChart title="Status dos gateways" data={STATUS} totalLabel="gateways" />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Status dos gateways: Online: 31; Offline: 14; Nunca conectado: 25; total: 70 gateways.',
    );
  });

  it('writes every figure in its legend (the figcaption naming the figure), with percentages', () => {
    render(<DonutChart title="Status dos gateways" data={STATUS} totalLabel="gateways" />);
    const figure = screen.getByRole('figure');
    expect(figure).toHaveAccessibleName(/^Status dos gateways/);
    const items = within(figure).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Online3144%', 'Offline1420%', 'Nunca conectado2536%']);
  });

  it('draws one segment per non-zero value, the shares adding up to the whole ring', () => {
    const { container } = render(<DonutChart title="Status" data={[...STATUS, { label: 'Vazio', value: 0 }]} />);
    const segments = [...container.querySelectorAll('circle')].slice(1);
    expect(segments).toHaveLength(3);
    const total = segments.reduce((sum, circle) => sum + Number(circle.getAttribute('stroke-dasharray')?.split(' ')[0]), 0);
    expect(total).toBeCloseTo(100);
  });

  it('an empty ring says 0', () => {
    render(<DonutChart title="Status" data={[{ label: 'Online', value: 0 }]} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Status: Online: 0; total: 0.');
    expect(screen.getByRole('listitem')).toHaveTextContent('Online00%');
  });
});

describe('chartSummary', () => {
  it('formats values in pt-BR', () => {
    expect(chartSummary('Pedidos', [{ label: 'Pago', value: 12345 }])).toBe('Pedidos: Pago: 12.345.');
  });
});
