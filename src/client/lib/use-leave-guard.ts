import { type RefObject, useCallback, useEffect } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { confirmDiscard } from '../ui/confirm';

/**
 * Asks before leaving the page while `mustAsk` (unsaved changes): another screen of the app asks with the discard
 * question, closing or reloading the tab with the browser's own. `allowLeave` lets a save that navigates go by.
 */
export function useLeaveGuard(mustAsk: boolean, allowLeave?: RefObject<boolean>) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => mustAsk && !allowLeave?.current && currentLocation.pathname !== nextLocation.pathname,
    [mustAsk, allowLeave],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state === 'blocked') confirmDiscard({ onDiscard: () => blocker.proceed(), onKeep: () => blocker.reset() });
  }, [blocker]);

  useEffect(() => {
    if (!mustAsk) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [mustAsk]);
}
