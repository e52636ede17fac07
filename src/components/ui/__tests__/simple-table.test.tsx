import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SimpleTable, type SimpleColumn } from '../simple-table';

interface Service {
  name: string;
  protocol: string;
  port: number;
}

const columns: SimpleColumn<Service>[] = [
  { id: 'name', header: 'Serviço', cell: (s) => s.name },
  { id: 'protocol', header: 'Protocolo', cell: (s) => s.protocol },
  { id: 'port', header: 'Porta', cell: (s) => s.port, className: 'text-right' },
];

const rows: Service[] = [
  { name: 'IHM web', protocol: 'HTTPS', port: 443 },
  { name: 'CLP S7', protocol: 'Siemens S7', port: 102 },
];

describe('SimpleTable', () => {
  it('is a table named by its caption, with column headers and a row header per row', () => {
    render(<SimpleTable caption="Serviços padrão" columns={columns} rows={rows} getRowId={(s) => s.name} />);
    const table = screen.getByRole('table', { name: 'Serviços padrão' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Serviço', 'Protocolo', 'Porta']);
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['IHM web', 'CLP S7']);
    const second = within(table).getAllByRole('row')[2];
    expect(second).toBeDefined();
    expect(within(second as HTMLElement).getAllByRole('cell').map((td) => td.textContent)).toEqual(['Siemens S7', '102']);
    expect(within(second as HTMLElement).getByText('102')).toHaveClass('text-right');
    // The caption is for screen readers unless asked to show.
    expect(screen.getByText('Serviços padrão')).toHaveClass('sr-only');
    // Its scrolling box takes the keyboard focus (narrow screens scroll it sideways).
    expect(screen.getByRole('region', { name: 'Serviços padrão' })).toHaveAttribute('tabindex', '0');
  });

  it('can make another column the row header and show its caption', () => {
    render(
      <SimpleTable caption="Portas" showCaption rowHeader="port" columns={columns} rows={rows} getRowId={(s) => s.name} />,
    );
    expect(screen.getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['443', '102']);
    expect(screen.getByText('Portas')).not.toHaveClass('sr-only');
  });
});
