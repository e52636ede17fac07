import { render, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, Toaster } from '../toast';

const sonnerRegion = (container: HTMLElement) => container.querySelector('section[aria-label^="Notifications"]');

describe('Toaster on a sign-in page (untilFirstToast)', () => {
  it('stays unmounted while nobody asks for a toast, then mounts sonner with the first one and shows it', async () => {
    const deferred = render(<Toaster untilFirstToast />);
    // The usual Toaster, mounted after the first paint: once it is up, the deferred one must still be absent.
    const usual = render(<Toaster />);
    await waitFor(() => expect(sonnerRegion(usual.container)).not.toBeNull(), { timeout: 5000 });
    expect(sonnerRegion(deferred.container)).toBeNull();
    usual.unmount();

    toast.error('Erro ao fazer login');
    await waitFor(() => expect(sonnerRegion(deferred.container)).not.toBeNull());
    expect(await within(deferred.container).findByText('Erro ao fazer login')).toBeInTheDocument();
  });
});
