import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../copy-button';

describe('CopyButton', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('copies the value and says "Copiado" for a moment', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    render(<CopyButton value="00020126…6304ABCD" label="Copiar código Pix" />);
    await user.click(screen.getByRole('button', { name: 'Copiar código Pix' }));
    expect(writeText).toHaveBeenCalledWith('00020126…6304ABCD');
    expect(await navigator.clipboard.readText()).toBe('00020126…6304ABCD');
    expect(screen.getByRole('button', { name: 'Copiado' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Copiar código Pix' }, { timeout: 4000 })).toBeVisible();
  });
});
