import { errorMessage } from '@brigade/api-client/problem-error';
import { cardExpiry } from '@brigade/domain/payments/api';
import { PROFILE_UPDATE_EMPTY_MESSAGE } from '@brigade/domain/payments/api-profiles';
import { CheckboxField } from '@brigade/ui/app-kit/choice-fields';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormSection } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useId, useState } from 'react';
import { z } from 'zod';
import { cardLabel } from '../../payments-kit/format';
import { isUnanswered, useIdempotentAttempts } from '../../payments-kit/idempotency';
import {
  type ProfileDetail,
  type ProfileUpdateBody,
  type StoredProfile,
  useProfileDetail,
  useUpdateProfile,
} from '../../payments-kit/profiles-api';
import {
  type Problem,
  ProfileContactSection,
  ProfileProblem,
  profileContactFields,
  profileName,
} from './profile-form';

export const editFormSchema = z.object({
  name: profileName().optional(),
  expiry: cardExpiry().optional(),
  ...profileContactFields,
  defaultAccount: z.boolean(),
});
type EditFormValues = z.output<typeof editFormSchema>;
const EDITABLE = ['name', 'expiry', 'postal', 'email', 'phone'] as const;

/** The form's starting values: what the gateway holds now. */
export function editDefaultsOf(detail: ProfileDetail) {
  const held = detail.gateway;
  return {
    name: held.name ?? detail.name ?? '',
    expiry: held.expiry ?? detail.expiry ?? '',
    postal: held.postal ?? '',
    email: held.email ?? '',
    phone: held.phone ?? '',
    defaultAccount: held.defaultAccount,
  };
}

/** Only what changed (the gateway updates only the fields sent); null when nothing did. */
export function updateBodyOf(
  values: EditFormValues,
  before: ReturnType<typeof editDefaultsOf>,
): ProfileUpdateBody | null {
  const body: ProfileUpdateBody = {};
  for (const name of EDITABLE) {
    const value = values[name];
    if (value && value !== before[name]) body[name] = value;
  }
  if (values.defaultAccount && !before.defaultAccount) body.defaultAccount = true;
  return Object.keys(body).length > 0 ? body : null;
}

/**
 * "Edit card": the name, expiry and contact the gateway holds for a stored card (read from the gateway when
 * the dialog opens), and making it the default. Only changed fields are sent.
 */
export function EditProfileDialog({ profile, onClose }: { profile: StoredProfile; onClose: () => void }) {
  const ids = { profileId: profile.profileId, acctId: profile.acctId };
  const detail = useProfileDetail(ids);
  const formId = useId();
  const attempts = useIdempotentAttempts();
  const update = useUpdateProfile(ids, attempts);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Edit stored card"
      description={`${profile.name ?? 'The customer'}’s ${cardLabel(profile.cardBrand, profile.lastFour)}, as the card processor holds it.`}
      footer={
        detail.data ? (
          <DialogFormFooter
            formId={formId}
            onCancel={onClose}
            pending={update.isPending}
            submitLabel="Save changes"
            pendingLabel="Saving..."
          />
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        )
      }
    >
      {detail.isPending ? (
        <SkeletonRows count={3} label="Loading the stored card" />
      ) : detail.isError ? (
        <Alert title="The stored card could not be read">
          {errorMessage(detail.error)}{' '}
          <Button variant="secondary" size="sm" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <EditForm formId={formId} detail={detail.data} update={update} onClose={onClose} />
      )}
    </Dialog>
  );
}

function EditForm({
  formId,
  detail,
  update,
  onClose,
}: {
  formId: string;
  detail: ProfileDetail;
  update: ReturnType<typeof useUpdateProfile>;
  onClose: () => void;
}) {
  const toast = useToast();
  const [before] = useState(() => editDefaultsOf(detail));
  const form = useZodForm(editFormSchema, { defaultValues: before });
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = async (values: EditFormValues) => {
    setProblem(null);
    const body = updateBodyOf(values, before);
    if (!body) {
      setProblem({ text: PROFILE_UPDATE_EMPTY_MESSAGE, unanswered: false });
      return;
    }
    try {
      await update.mutateAsync(body);
      toast.success('Stored card updated');
      onClose();
    } catch (error) {
      const text = applyServerErrors(error, form);
      if (text) setProblem({ text, unanswered: isUnanswered(error) });
    }
  };

  return (
    <Form form={form} onSubmit={submit} id={formId} label="Edit stored card">
      <ProfileContactSection nameHint="The name on the card" />
      <FormSection title="Card">
        <TextField name="expiry" label="Expiry (MMYY)" maxLength={4} inputMode="numeric" autoComplete="off" />
        <CheckboxField
          name="defaultAccount"
          label="The profile’s default card"
          hint={
            before.defaultAccount
              ? 'This is the default card. Make another card the default to change it.'
              : 'The default card is the one charged when no card of the profile is chosen.'
          }
          disabled={before.defaultAccount}
        />
      </FormSection>
      <ProfileProblem problem={problem} title="The card was not updated" />
    </Form>
  );
}
