import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Leaving a form with changes that are not saved asks first: another screen of the app (a link, the
 * sidebar, Back) opens "Leave without saving?"; closing or reloading the tab gets the browser's own prompt.
 * `when` is the form's dirty state, false while it is being saved (a save that then moves on must not ask).
 * Needs a data router (createBrowserRouter), as react-router's useBlocker does.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      message="Your changes on this page are not saved. If you leave now, they are lost."
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
