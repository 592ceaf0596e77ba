import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

/**
 * A button that opens a menu (role menu, items role menuitem / menuitemradio): on opening, focus goes to
 * the item `initialFocus` selects; a pointer press outside closes it; in the menu, the arrow keys move
 * between items (wrapping), Esc closes it and gives the focus back to the button, Tab closes it.
 * Spread `buttonProps` on the button and `menuProps` on the menu (the element with role menu).
 */
export function useMenuButton(initialFocus = '[role^="menuitem"]') {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>(initialFocus)?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, initialFocus]);

  /** Closes the menu and gives the focus back to its button. */
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return {
    open,
    setOpen,
    close,
    buttonProps: {
      ref: buttonRef,
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpen((value) => !value),
    } as const,
    menuProps: { ref: menuRef, id: menuId, tabIndex: -1, onKeyDown } as const,
  };
}
