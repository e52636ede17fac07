import { render, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadToasts, toast, Toaster } from '../toast';

const sonnerRegion = (container: HTMLElement) => container.querySelector('section[aria-label^="Notifications"]');

describe('Toaster', () => {
  it('stays unmounted while nobody asks for a toast (sonner preloaded or not), then mounts with the first one and shows it', async () => {
    const mounted = render(<Toaster />);
    // The signed-in shells fetch sonner in idle time: that alone mounts nothing.
    await preloadToasts();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sonnerRegion(mounted.container)).toBeNull();

    toast.error('Erro ao fazer login');
    await waitFor(() => expect(sonnerRegion(mounted.container)).not.toBeNull());
    expect(await within(mounted.container).findByText('Erro ao fazer login')).toBeInTheDocument();
  });
});
