import { BUSINESS_DESCRIPTION_MAX_LENGTH } from '@brigade/domain/listing/connection';
import {
  type HoursEdit,
  hoursEditOf,
  hoursEditSchema,
  type ProfileEdit,
  profileEditFields,
} from '@brigade/domain/listing/profile-edit';
import type { OperatingHours } from '@brigade/domain/restaurant';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '@brigade/domain/weekdays';
import { SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { Form, FormError, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { TextareaField, TextField, TimeField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { z } from 'zod';
import { PathError } from '../restaurant/hours-fields';
import { ProfileReadError } from './profile-compare';
import { useEditProfile, useProfileComparison } from './queries';

/*
 * "Edit on Google" (issue 19): the description (n / 750), phone, website and the week's hours of the
 * location's Google profile, checked with the domain's rules before Google is called. Only
 * what changed is sent; Google's answer replaces the comparison above.
 */

const formSchema = z.object({
  description: profileEditFields.shape.description.unwrap(),
  phone: profileEditFields.shape.phone.unwrap(),
  website: profileEditFields.shape.website.unwrap(),
  hours: hoursEditSchema,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

interface GoogleSide {
  description?: string | null;
  phone: string | null;
  website: string | null;
  hours: Record<string, { open: string; close: string; closed: boolean }> | null;
}

const CLOSED_WEEK = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { open: false, openTime: '', closeTime: '' }]),
) as HoursEdit;

function defaultsOf(profile: GoogleSide): FormOutput {
  return {
    description: profile.description ?? '',
    phone: profile.phone ?? '',
    website: profile.website ?? '',
    hours: profile.hours ? hoursEditOf(profile.hours as OperatingHours) : CLOSED_WEEK,
  };
}

/** What the form changes against what Google has: only those fields go to Google. */
function changesOf(values: FormOutput, before: FormOutput): ProfileEdit {
  const edit: ProfileEdit = {};
  if (values.description !== before.description) edit.description = values.description;
  if (values.phone !== before.phone) edit.phone = values.phone;
  if (values.website !== before.website) edit.website = values.website;
  if (JSON.stringify(values.hours) !== JSON.stringify(before.hours)) edit.hours = values.hours;
  return edit;
}

export function ProfileEditCard({ connectionId }: { connectionId: string }) {
  const comparison = useProfileComparison(connectionId);
  const body = () => {
    if (comparison.isPending) return <SkeletonRows count={4} label="Loading the profile on Google" />;
    if (comparison.isError)
      return <ProfileReadError error={comparison.error} retry={() => void comparison.refetch()} />;
    const defaults = defaultsOf(comparison.data.profile);
    // A new answer from Google starts the form again from it.
    return <ProfileEditForm key={JSON.stringify(defaults)} connectionId={connectionId} defaults={defaults} />;
  };
  return (
    <Card title="Edit on Google" titleAs="h2">
      {body()}
    </Card>
  );
}

function ProfileEditForm({ connectionId, defaults }: { connectionId: string; defaults: FormOutput }) {
  const form = useZodForm(formSchema, { defaultValues: defaults as FormInput });
  const edit = useEditProfile(connectionId);
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: FormOutput) => {
    setFormError(null);
    const changes = changesOf(values, defaults);
    if (Object.keys(changes).length === 0) {
      setFormError('Nothing to send: Google already shows these details.');
      return;
    }
    try {
      await edit.mutateAsync(changes);
      toast.success('Profile updated on Google');
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };
  return (
    <Form form={form} onSubmit={submit} label="Edit on Google" className="gbp-edit-form">
      <p className="gbp-muted">
        Changes go straight to the Business Profile on Google. The restaurant's own details in Brigade stay as
        they are. Google takes at most 10 edits a minute.
      </p>
      <TextareaField
        name="description"
        label="Business description"
        rows={5}
        maxLength={BUSINESS_DESCRIPTION_MAX_LENGTH}
        hint="What guests see under the name on Google. Leave empty to remove it."
      />
      <div className="gbp-edit-contact">
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
        <TextField name="website" label="Website" type="url" placeholder="https://" autoComplete="url" />
      </div>
      <FormSection
        title="Opening hours on Google"
        description="One opening a day. A closing time before the opening time means after midnight."
      >
        <div className="gbp-week">
          {WEEKDAYS.map((day) => (
            <DayRow key={day} day={day} />
          ))}
        </div>
      </FormSection>
      <FormError message={formError} />
      <div className="form-footer">
        <Button type="submit" loading={edit.isPending} loadingText="Sending to Google...">
          Send to Google
        </Button>
      </div>
    </Form>
  );
}

function DayRow({ day }: { day: Weekday }) {
  const open = useFieldValue<boolean>(`hours.${day}.open`);
  const label = WEEKDAY_LABELS[day];
  return (
    <fieldset className="gbp-day" aria-labelledby={`gbp-day-${day}`}>
      <span className="gbp-day__name" id={`gbp-day-${day}`}>
        {label}
      </span>
      <SwitchField name={`hours.${day}.open`} label={`Open on ${label}`} className="gbp-day__open" />
      {open ? (
        <div className="gbp-day__times">
          <TimeField name={`hours.${day}.openTime`} label={`${label} opens`} />
          <span aria-hidden="true">–</span>
          <TimeField name={`hours.${day}.closeTime`} label={`${label} closes`} />
        </div>
      ) : (
        <span className="gbp-muted gbp-day__times">Closed</span>
      )}
      <PathError name={`hours.${day}`} />
    </fieldset>
  );
}
