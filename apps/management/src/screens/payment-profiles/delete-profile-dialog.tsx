import { errorMessage } from '@brigade/api-client/problem-error';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useState } from 'react';
import { cardLabel } from '../../payments-kit/format';
import { useIdempotentAttempts } from '../../payments-kit/idempotency';
import { type StoredProfile, useDeleteProfile } from '../../payments-kit/profiles-api';

/**
 * "Delete this card?" — permanent at the card processor, so the dialog says so. The gateway may answer
 * "try again" or "failed": the card then stays, and the dialog shows why.
 */
export function DeleteProfileDialog({ profile, onClose }: { profile: StoredProfile; onClose: () => void }) {
  const toast = useToast();
  const attempts = useIdempotentAttempts();
  const remove = useDeleteProfile(attempts);
  const [error, setError] = useState<string | null>(null);
  const card = cardLabel(profile.cardBrand, profile.lastFour);

  const confirm = async () => {
    setError(null);
    try {
      const result = await remove.mutateAsync({ profileId: profile.profileId, acctId: profile.acctId });
      if (result.outcome !== 'deleted') {
        setError(`${result.message}. ${result.guidance}${result.resptext ? ` (${result.resptext})` : ''}`);
        return;
      }
      toast.success('Card deleted');
      onClose();
    } catch (problem) {
      setError(errorMessage(problem));
    }
  };

  return (
    <ConfirmDialog
      open
      title="Delete this stored card?"
      message={
        <>
          {profile.name ?? 'The customer'}’s {card} is deleted at the card processor.{' '}
          <strong>This is permanent and cannot be undone</strong>: to charge this card again, the customer’s
          card details have to be entered again. Check that no regular billing uses it and that the customer
          agrees.
        </>
      }
      confirmLabel="Delete permanently"
      pending={remove.isPending}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
