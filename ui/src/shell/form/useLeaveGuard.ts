/**
 * Asks before the user leaves a form with unsaved changes: in the app (menu, links, Back, "Annulla") with the
 * shell's own dialog, on reload or closing the tab with the browser's (which shows its own text: browsers
 * ignore a page's). A save or a delete that then moves on calls `release()` first, so its own navigation
 * passes without a question.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { LEAVE_QUESTION, leavesForm } from '../../core/unsavedChanges';
import { useModals } from '../modals/modalsContext';

/** `leaves`: whether a navigation takes the form off the screen (default: any other path). */
export function useLeaveGuard(dirty: boolean, leaves: typeof leavesForm = leavesForm): { release: () => void } {
  const modals = useModals();
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  const leavesRef = useRef(leaves);
  useEffect(() => { leavesRef.current = leaves; }, [leaves]);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) released.current = false;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirtyRef.current && !released.current && leavesRef.current(currentLocation, nextLocation),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  // One question per blocked navigation, even when the effect runs again (React's strict mode runs it twice).
  const asked = useRef<unknown>(undefined);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asked.current === blocker.location) return;
    asked.current = blocker.location;
    void modals.confirm(LEAVE_QUESTION).then((leave) => {
      asked.current = undefined;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, modals]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => { event.preventDefault(); };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const release = useCallback(() => { released.current = true; }, []);
  return { release };
}
