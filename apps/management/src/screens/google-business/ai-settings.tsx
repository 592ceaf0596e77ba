import {
  aiConfigSchema,
  DEFAULT_REVIEW_THRESHOLD_HOURS,
  RESPONSE_STYLES,
} from '@brigade/domain/listing/connection';
import { RESPONSE_LENGTHS } from '@brigade/domain/platform-sync';
import {
  CheckboxField,
  MultiSelectField,
  RadioGroupField,
  SwitchField,
} from '@brigade/ui/app-kit/choice-fields';
import { Form, FormError, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { NumberField, TextareaField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { z } from 'zod';
import { errorText } from '../domains/error-text';
import { type RestaurantRecord, useRestaurantRecord } from '../restaurant/queries';
import { useAiConfig, useSaveAiSettings } from './ai-queries';

/** The connection's AI config (the domain's schema, its messages) beside the restaurant's reply options. */
// A blank template box is "no template": the form sends only the ratings that have one.
const withoutBlankTemplates = (value: unknown) => {
  if (!value || typeof value !== 'object') return value;
  const ai = value as { responseTemplates?: Record<string, unknown> };
  const templates = Object.entries(ai.responseTemplates ?? {}).filter(([, text]) => text !== undefined);
  return { ...ai, responseTemplates: Object.fromEntries(templates) };
};
const aiSettingsSchema = z.object({
  ai: z.preprocess(withoutBlankTemplates, aiConfigSchema),
  reply: z.object({
    responseLength: z.enum(RESPONSE_LENGTHS),
    includeBusinessName: z.boolean(),
    autoReply: z.boolean(),
  }),
});
type AiSettingsInput = z.input<typeof aiSettingsSchema>;
type AiSettings = z.output<typeof aiSettingsSchema>;

const STYLE_LABELS = {
  professional: 'Professional',
  friendly: 'Friendly',
  casual: 'Casual',
  custom: 'Custom',
};
const STYLES = RESPONSE_STYLES.map((value) => ({ value, label: STYLE_LABELS[value] }));
const LENGTHS = [
  { value: 'short', label: 'Short (about 50 words)' },
  { value: 'medium', label: 'Medium (about 100 words)' },
  { value: 'long', label: 'Long (about 170 words)' },
] as const;
const RATINGS = [1, 2, 3, 4, 5].map((value) => ({
  value,
  label: `${value} ${value === 1 ? 'star' : 'stars'}`,
}));
const RATING_KEYS = ['1', '2', '3', '4', '5'] as const;

function defaultsOf(
  ai: z.input<typeof aiConfigSchema> | null,
  restaurant: RestaurantRecord,
): AiSettingsInput {
  const parsed = aiConfigSchema.parse(ai ?? {});
  const reply = restaurant.platformSync.platforms.googleMyBusiness?.aiReplyConfig;
  return {
    ai: {
      ...parsed,
      customTone: parsed.customTone ?? '',
      responseTemplates: Object.fromEntries(
        RATING_KEYS.map((key) => [key, parsed.responseTemplates[key] ?? '']),
      ),
    },
    reply: {
      responseLength: reply?.responseLength ?? 'medium',
      includeBusinessName: reply?.includeBusinessName ?? true,
      autoReply: reply?.autoReply ?? false,
    },
  };
}

/** "AI replies": how drafts are written, and whether and when replies are posted without a person. */
export function AiSettingsCard({ connectionId }: { connectionId: string }) {
  const config = useAiConfig(connectionId);
  const record = useRestaurantRecord();
  return (
    <Card title="AI replies" titleAs="h2">
      {config.isPending || record.isPending ? (
        <SkeletonRows count={4} label="Loading the AI reply settings" />
      ) : config.isError || record.isError ? (
        <ErrorView
          title="Failed to load the AI reply settings"
          message={errorText(config.error ?? record.error)}
          actions={
            <Button onClick={() => void (config.isError ? config.refetch() : record.refetch())}>
              Try Again
            </Button>
          }
        />
      ) : (
        <AiSettingsForm connectionId={connectionId} defaults={defaultsOf(config.data, record.data)} />
      )}
    </Card>
  );
}

function AiSettingsForm({ connectionId, defaults }: { connectionId: string; defaults: AiSettingsInput }) {
  const form = useZodForm(aiSettingsSchema, { defaultValues: defaults });
  const save = useSaveAiSettings(connectionId);
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: AiSettings) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      toast.success('AI reply settings saved');
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };
  return (
    <Form form={form} onSubmit={submit} label="AI replies" className="gbp-ai-form">
      <SwitchField
        name="ai.isEnabled"
        label="Use AI for review replies"
        hint="Drafts are always shown to you first; nothing is posted unless you press Post, or switch on automatic replies below."
      />
      <DraftFields />
      <AutoReplyFields />
      <FormError message={formError} />
      <div className="form-footer">
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save AI settings
        </Button>
      </div>
    </Form>
  );
}

function DraftFields() {
  const style = useFieldValue<string>('ai.responseStyle');
  return (
    <FormSection title="How drafts are written">
      <RadioGroupField name="ai.responseStyle" label="Style" options={STYLES} />
      {style === 'custom' && (
        <TextareaField
          name="ai.customTone"
          label="Custom tone"
          rows={3}
          maxLength={1000}
          hint="Describe the voice, e.g. warm and brief, first names, no exclamation marks."
        />
      )}
      <RadioGroupField name="reply.responseLength" label="Length" options={LENGTHS} />
      <CheckboxField name="reply.includeBusinessName" label="Mention the restaurant's name" />
      <CheckboxField
        name="ai.includeBusinessInfo"
        label="Include contact details (phone, website) where useful"
      />
      <details className="gbp-templates">
        <summary>Templates per rating</summary>
        <p className="gbp-muted">
          For a rating with a template, the draft is your template, with {'{firstName}'}, {'{businessName}'}{' '}
          and {'{rating}'} filled in. Leave blank to let the AI write.
        </p>
        {RATING_KEYS.map((key) => (
          <TextareaField
            key={key}
            name={`ai.responseTemplates.${key}`}
            label={`${key}-star reviews`}
            rows={2}
            maxLength={4096}
          />
        ))}
      </details>
    </FormSection>
  );
}

function AutoReplyFields() {
  return (
    <FormSection title="Automatic replies">
      <SwitchField
        name="reply.autoReply"
        label="Post AI replies automatically"
        hint="Off by default. When on (and AI is on), a review of a rating chosen below that still has no reply once it is older than the waiting time gets an AI reply posted to Google."
      />
      <MultiSelectField
        name="ai.autoRespondToRatings"
        label="Ratings answered automatically"
        options={RATINGS}
      />
      <NumberField
        name="ai.reviewThreshold"
        label="Wait before replying automatically"
        suffix="hours"
        min={0}
        step={1}
        hint={`The waiting time gives you the chance to answer in your own words first. Default ${DEFAULT_REVIEW_THRESHOLD_HOURS} hours.`}
      />
    </FormSection>
  );
}
