import { Button } from '@brigade/ui/components/button';
import type { ReactNode } from 'react';

/** A form dialog's footer: Cancel, and the submit button of the form `formId` (a spinner while `pending`). */
export function DialogFormFooter({
  formId,
  onCancel,
  pending,
  submitLabel,
  pendingLabel = 'Saving...',
}: {
  formId: string;
  onCancel: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  pendingLabel?: string;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={pending} loadingText={pendingLabel}>
        {submitLabel}
      </Button>
    </>
  );
}
