import type { ReactNode } from 'react';
import { Button } from '../components/button';

/**
 * A form dialog's footer: Cancel, and the submit button of the form `formId` (a spinner while `pending`).
 * `tone="danger"` when submitting does what cannot be undone (voids, refunds).
 */
export function DialogFormFooter({
  formId,
  onCancel,
  pending,
  submitLabel,
  pendingLabel = 'Saving...',
  tone = 'primary',
}: {
  formId: string;
  onCancel: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  pendingLabel?: string;
  tone?: 'primary' | 'danger';
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant={tone} loading={pending} loadingText={pendingLabel}>
        {submitLabel}
      </Button>
    </>
  );
}
