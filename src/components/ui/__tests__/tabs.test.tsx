import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../tabs';

describe('Tabs', () => {
  it('arrow keys move between tabs and show their panels', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="dados">
        <TabsList aria-label="Cliente">
          <TabsTrigger value="dados">Dados</TabsTrigger>
          <TabsTrigger value="maquinas">Máquinas</TabsTrigger>
          <TabsTrigger value="pedidos">Pedidos</TabsTrigger>
        </TabsList>
        <TabsContent value="dados">Painel de dados</TabsContent>
        <TabsContent value="maquinas">Painel de máquinas</TabsContent>
        <TabsContent value="pedidos">Painel de pedidos</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'Cliente' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Dados' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Dados' })).toHaveTextContent('Painel de dados');

    await user.tab();
    expect(screen.getByRole('tab', { name: 'Dados' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Máquinas' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Máquinas' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Máquinas' })).toHaveTextContent('Painel de máquinas');
    expect(screen.queryByText('Painel de dados')).toBeNull();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Pedidos' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Dados' })).toHaveAttribute('aria-selected', 'true');
  });
});
