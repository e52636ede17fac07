/**
 * A toast as a person sees it. sonner puts a toast in the page transparent and shows it a moment later (its mount
 * effect sets `data-mounted`, which its CSS fades in), so "the text is in the page" is not yet "the toast is shown":
 * on a loaded machine a `findByText(…)` can return in between. This waits until the toast is visible.
 */
import { screen, waitFor, type Matcher } from '@testing-library/react';
import { expect } from 'vitest';

export async function expectToast(text: Matcher, options: { timeout?: number } = {}): Promise<HTMLElement> {
  return waitFor(
    () => {
      const shown = screen.getAllByText(text).find((element) => element.closest('[data-sonner-toast]') !== null);
      expect(shown, `a toast saying ${String(text)}`).toBeDefined();
      expect(shown).toBeVisible();
      return shown as HTMLElement;
    },
    options,
  );
}
