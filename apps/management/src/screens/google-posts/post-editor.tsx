import type { PostBody } from '@brigade/domain/listing/post';
import { callToActionNeedsUrl } from '@brigade/domain/listing/post';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { FieldFrame, useField } from '@brigade/ui/app-kit/field-frame';
import { Form, FormError, useFieldValue } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { useLayoutEffect, useState } from 'react';
import { CALL_TO_ACTION_OPTIONS, contentCount, type PostFormValues, postFormSchema } from './post-form';

/**
 * The post form, for a new post and for changing one: content with a live "n / 1500" count, a button
 * (call-to-action) to choose, and its link only when the chosen button needs one. Nothing reaches Google
 * until the person presses Publish (or Save).
 */
export function PostEditor({
  label,
  defaults,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  /** Puts the cursor in the text at once (editing a post in place). */
  autoFocus?: boolean;
  defaults: PostFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** Sends the post; resolves when Google and the server accepted it, rejects with the problem. */
  onSubmit: (body: PostBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useZodForm(postFormSchema, { defaultValues: defaults });
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Before paint, so the cursor never rests on the page between the Edit button leaving and the text arriving.
  useLayoutEffect(() => {
    if (autoFocus) form.setFocus('content');
  }, [autoFocus, form]);
  const submit = async (body: PostBody) => {
    setFormError(null);
    setPending(true);
    try {
      await onSubmit(body);
      form.reset(defaults);
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    } finally {
      setPending(false);
    }
  };
  return (
    <Form form={form} onSubmit={submit} label={label} className="gp-editor">
      <ContentField />
      <CallToActionFields />
      <FormError message={formError} />
      <div className="gp-actions">
        <Button type="submit" loading={pending} loadingText={pendingLabel}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}

function ContentField() {
  const hint = 'What guests see on your Google profile. Plain text; line breaks are kept.';
  const { field, error, ids, control } = useField('content', hint);
  const count = contentCount(typeof field.value === 'string' ? field.value : '');
  const countId = `${ids.id}-count`;
  return (
    <FieldFrame
      {...ids}
      label="Post"
      hint={hint}
      error={error}
      counter={
        <span id={countId} className="ui-field__counter" data-over={count.over} aria-live="polite">
          {count.text}
        </span>
      }
    >
      <textarea
        {...control}
        aria-describedby={[control['aria-describedby'], countId].filter(Boolean).join(' ')}
        rows={5}
        className="ui-field__input"
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

function CallToActionFields() {
  const type = useFieldValue<PostFormValues['actionType']>('actionType');
  return (
    <div className="gp-cta">
      <SelectField name="actionType" label="Button" options={CALL_TO_ACTION_OPTIONS} />
      {type && callToActionNeedsUrl(type) && (
        <TextField
          name="url"
          label="Button link"
          type="url"
          placeholder="https://"
          hint="Where the button takes guests (http or https)."
        />
      )}
      {type === 'call' && (
        <p className="gp-muted gp-cta__note">Google calls the phone number on your profile.</p>
      )}
    </div>
  );
}
