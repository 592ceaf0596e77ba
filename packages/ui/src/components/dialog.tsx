import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons';

export interface DialogProps {
  open: boolean;
  /** Called on Esc, the close button, a click on the backdrop, or the form's cancel. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (right-aligned; stacked on phones). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** role="alertdialog" for confirmations. */
  alert?: boolean;
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert, so focus
 * stays inside; Esc closes; the title labels it and the description describes it. Focus returns to what
 * had it before opening.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  alert = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const autofocus = dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
    autofocus?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`ui-dialog ui-dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      role={alert ? 'alertdialog' : undefined}
      onCancel={(event) => {
        // Esc: let React decide (the parent unmounts us)
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCloseRef.current();
        }
      }}
    >
      <div className="ui-dialog__panel">
        <header className="ui-dialog__header">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          <button type="button" className="ui-dialog__close" aria-label="Close" onClick={() => onClose()}>
            <CloseIcon />
          </button>
        </header>
        {description && (
          <p id={descriptionId} className="ui-dialog__description">
            {description}
          </p>
        )}
        <div className="ui-dialog__body">{children}</div>
        {footer && <footer className="ui-dialog__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
