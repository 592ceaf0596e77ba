/** How long a move may take to show (the server's answer, then the list's refetch) while focus is kept. */
const KEEP_FOCUS_MS = 3_000;

/**
 * Keeps the keyboard where it was after a move: React puts the moved row back and the focused button loses
 * focus, so focus it again; when it is now disabled (the row reached the top or bottom), its twin. It keeps
 * watching for a few seconds, since the row may be rendered anew more than once (the answer, then the
 * refetch), but never takes focus from anywhere else the user went meanwhile.
 */
export function refocusMoveButton(focusKey: string, direction: 'up' | 'down'): void {
  const other = direction === 'up' ? 'down' : 'up';
  const started = performance.now();
  const attempt = () => {
    const same = document.querySelector<HTMLButtonElement>(`[data-focus-id="${focusKey}-${direction}"]`);
    const twin = document.querySelector<HTMLButtonElement>(`[data-focus-id="${focusKey}-${other}"]`);
    const target = same && !same.disabled ? same : twin && !twin.disabled ? twin : null;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    const onThisRow = active?.getAttribute('data-focus-id')?.startsWith(`${focusKey}-`) ?? false;
    if (target && target !== active && (lost || onThisRow)) target.focus();
    if (performance.now() - started < KEEP_FOCUS_MS) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * Focuses the element marked data-focus-id once it is rendered: after a move to another group the row is
 * rendered anew there, and the dialog's own return of focus went to the row that is gone.
 */
export function focusWhenShown(focusId: string): void {
  const started = performance.now();
  const attempt = () => {
    const target = document.querySelector<HTMLElement>(`[data-focus-id="${focusId}"]`);
    if (target && target !== document.activeElement) target.focus();
    const done = target !== null && document.activeElement === target;
    if (!done && performance.now() - started < KEEP_FOCUS_MS) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
