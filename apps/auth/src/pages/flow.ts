import { isSelectionContext, type SelectionContext } from '@brigade/ui/lib/selection-wording';

/** The host of a return URL, for "Sign in to continue to …" (null when absent or not a URL). */
export function returnHost(returnUrl: string | null): string | null {
  if (!returnUrl) return null;
  try {
    return new URL(returnUrl, window.location.origin).host;
  } catch {
    return null;
  }
}

export interface SignInFlow {
  returnUrl: string | null;
  adminAccess: boolean;
  context: SelectionContext | null;
}

/** The query parameters that shape what happens after sign-in (`context` selects the wizard's wording). */
export function readFlow(search: URLSearchParams): SignInFlow {
  const context = search.get('context');
  return {
    returnUrl: search.get('returnUrl') || null,
    adminAccess: search.get('adminAccess') === 'true',
    context: isSelectionContext(context) ? context : null,
  };
}

// Remembered from the sign-in form of this page load, so the handoff can carry rememberMe to the target.
let rememberMeChosen = false;
export const setRememberMeChosen = (value: boolean) => {
  rememberMeChosen = value;
};
export const wasRememberMeChosen = () => rememberMeChosen;
