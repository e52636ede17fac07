import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import type { UnsavedChangesPrompt } from './unsaved-changes-dialog';

export {
  UNSAVED_CHANGES_DESCRIPTION,
  UNSAVED_CHANGES_TITLE,
  UnsavedChangesDialog,
  type UnsavedChangesPrompt,
} from './unsaved-changes-dialog';

export interface UnsavedChangesGuard extends UnsavedChangesPrompt {
  /** A navigation is waiting for the user's answer: show the confirmation (`UnsavedChangesDialog`). */
  blocked: boolean;
  /** "Descartar": goes where the user was going; the changes are lost. */
  proceed(): void;
  /** "Continuar editando": stays on the form, values untouched. */
  cancel(): void;
  /**
   * Lets the next in-app navigation through (and a reload or tab close in between): call it right before
   * navigating away after a successful save, when the form may still count as dirty.
   */
  skipNext(): void;
}

/**
 * Asks before leaving a form with unsaved changes: in-app navigations (links, back/forward, `navigate()`) wait
 * for the user's answer through react-router's `useBlocker` (needs a data router: `createBrowserRouter`), and
 * reloading or closing the tab gets the browser's own confirmation (`beforeunload`). A change of the hash alone
 * is not leaving; a change of path or search is.
 *
 * @example
 * const guard = useUnsavedChangesGuard(form.formState.isDirty);
 * const onSubmit = async (values) => {
 *   await save(values).unwrap();
 *   guard.skipNext();
 *   navigate(`/customers/${id}`);
 * };
 * return <>{form}<UnsavedChangesDialog guard={guard} /></>;
 */
export function useUnsavedChangesGuard(when: boolean): UnsavedChangesGuard {
  const whenRef = useRef(when);
  const skipRef = useRef(false);

  // Before any passive effect of the same commit: a screen that turns `when` off and navigates from an effect
  // (e.g. after a save) is let through.
  useLayoutEffect(() => {
    whenRef.current = when;
  }, [when]);

  // Stable: useBlocker re-registers the blocker whenever its function changes.
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (skipRef.current) {
      skipRef.current = false;
      return false;
    }
    const leaving =
      currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
    return whenRef.current && leaving;
  }, []);

  const blocker = useBlocker(shouldBlock);

  // Saved (or undone) while the question was open: nothing left to lose, stay.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.reset();
  }, [blocker, when]);

  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (skipRef.current) return;
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const proceed = useCallback(() => blocker.proceed?.(), [blocker]);
  const cancel = useCallback(() => blocker.reset?.(), [blocker]);
  const skipNext = useCallback(() => {
    skipRef.current = true;
  }, []);

  return { blocked: blocker.state === 'blocked', proceed, cancel, skipNext };
}
