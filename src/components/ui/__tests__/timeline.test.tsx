import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { Timeline } from '../timeline';

describe('Timeline', () => {
  it('an ordered list of steps: title, pt-BR date and hour in a <time>, who, a note, and each step’s state in words', () => {
    const paidAt = new Date(Date.UTC(2026, 10, 22, 15, 5));
    render(
      <Timeline
        label="Andamento do pedido #1008"
        items={[
          { id: '1', title: 'Aguardando pagamento', at: new Date(Date.UTC(2026, 10, 22, 15, 0)), actor: 'por Maria' },
          { id: '2', title: 'Pago', at: paidAt, actor: 'Plataforma de pagamento', description: 'Pix recebido.', tone: 'current' },
          { id: '3', title: 'Enviado', at: null, tone: 'pending' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Andamento do pedido #1008' });
    expect(list.tagName).toBe('OL');
    const steps = within(list).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent('Aguardando pagamento (concluído)');
    expect(steps[0]).toHaveTextContent('por Maria');
    const time = within(steps[1] as HTMLElement).getByText(formatDateTime(paidAt));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', paidAt.toISOString());
    expect(steps[1]).toHaveTextContent(`Pago (etapa atual)${formatDateTime(paidAt)} · Plataforma de pagamentoPix recebido.`);
    expect(steps[2]).toHaveTextContent('Enviado (a seguir)');
    expect(within(steps[2] as HTMLElement).queryByRole('time')).toBeNull();
  });
});
