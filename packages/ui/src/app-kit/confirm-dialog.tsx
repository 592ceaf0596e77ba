import type { ReactNode } from 'react';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';

/**
 * "Are you sure?" before something that cannot be undone (deletes). An alertdialog; Esc and Cancel close
 * it; the confirm button shows a spinner while `pending`, and `error` shows under the message.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  destructive = true,
  pending = false,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      size="sm"
      alert
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button
            variant={destructive ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={pending}
            loadingText={pendingLabel}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
