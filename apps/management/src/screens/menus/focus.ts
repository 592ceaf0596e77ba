/**
 * Keeps the keyboard where it was after a move: React puts the moved row back and the focused button loses
 * focus, so focus it again; when it is now disabled (the row reached the top or bottom), its twin.
 */
export function refocusMoveButton(focusKey: string, direction: 'up' | 'down'): void {
  const other = direction === 'up' ? 'down' : 'up';
  let tries = 0;
  const attempt = () => {
    const same = document.querySelector<HTMLButtonElement>(`[data-focus-id="${focusKey}-${direction}"]`);
    const twin = document.querySelector<HTMLButtonElement>(`[data-focus-id="${focusKey}-${other}"]`);
    const target = same && !same.disabled ? same : twin && !twin.disabled ? twin : null;
    if (target && target !== document.activeElement) target.focus();
    if (tries++ < 8) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * Focuses the element marked data-focus-id once it is rendered: after a move to another group the row is
 * rendered anew there, and the dialog's own return of focus went to the row that is gone.
 */
export function focusWhenShown(focusId: string): void {
  let tries = 0;
  const attempt = () => {
    const target = document.querySelector<HTMLElement>(`[data-focus-id="${focusId}"]`);
    if (target && target !== document.activeElement) target.focus();
    if (tries++ < 30 && document.activeElement !== target) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
