import { redirectConfigSchema, seoConfigSchema, WWW_REDIRECTS } from '@brigade/domain/domain-mapping';
import { createDomainMappingInputSchema } from '@brigade/domain/domain-mapping-input';
import { CheckboxField, SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError, FormSection } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import { z } from 'zod';
import { type Mapping, useDomainMutations } from './queries';

const addSchema = createDomainMappingInputSchema.pick({ domain: true, isPrimary: true });

/** Add a custom domain: the server's domain rules and messages; it starts pending verification. */
export function AddDomainDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (m: Mapping) => void;
}) {
  const { addCustom } = useDomainMutations();
  const toast = useToast();
  const form = useZodForm(addSchema, { defaultValues: { domain: '', isPrimary: false } });
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = async (values: z.output<typeof addSchema>) => {
    setFormError(null);
    try {
      const mapping = await addCustom.mutateAsync(values);
      toast.success(`${mapping.domain} added: create its DNS record to verify it`);
      onAdded(mapping);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Add a custom domain"
      description="A domain you own, such as harborgrill.com. You will prove it is yours with a DNS record."
      footer={
        <DialogFormFooter
          formId="add-domain"
          onCancel={onClose}
          pending={form.formState.isSubmitting}
          submitLabel="Add domain"
          pendingLabel="Adding..."
        />
      }
    >
      <Form form={form} onSubmit={onSubmit} id="add-domain">
        <FormError message={formError} />
        <TextField
          name="domain"
          label="Domain"
          placeholder="www.example.com"
          autoFocus
          inputMode="url"
          autoComplete="off"
        />
        <CheckboxField name="isPrimary" label="Make it the primary domain once verified" />
      </Form>
    </Dialog>
  );
}

const settingsSchema = z.object({
  isActive: z.boolean(),
  redirectConfig: redirectConfigSchema,
  seoConfig: seoConfigSchema,
});

const REDIRECT_LABELS: Record<(typeof WWW_REDIRECTS)[number], string> = {
  none: 'No www redirect',
  www_to_apex: 'www → bare domain',
  apex_to_www: 'Bare domain → www',
};

/** Redirect and SEO settings of one mapping (redirectConfig, seoConfig). */
export function DomainSettingsDialog({ mapping, onClose }: { mapping: Mapping; onClose: () => void }) {
  const { update } = useDomainMutations();
  const toast = useToast();
  const form = useZodForm(settingsSchema, {
    defaultValues: {
      isActive: mapping.isActive,
      redirectConfig: { ...mapping.redirectConfig },
      seoConfig: { noIndex: false, ...mapping.seoConfig },
    },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = async (values: z.output<typeof settingsSchema>) => {
    setFormError(null);
    try {
      await update.mutateAsync({ guid: mapping.guid, body: values });
      toast.success(`${mapping.domain} saved`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Settings of ${mapping.domain}`}
      footer={
        <DialogFormFooter
          formId="domain-settings"
          onCancel={onClose}
          pending={form.formState.isSubmitting}
          submitLabel="Save"
        />
      }
    >
      <Form form={form} onSubmit={onSubmit} id="domain-settings">
        <FormError message={formError} />
        <SwitchField name="isActive" label="Active" hint="An inactive domain no longer shows the site." />
        <FormSection title="Redirects">
          <SelectField
            name="redirectConfig.wwwRedirect"
            label="www redirect"
            options={WWW_REDIRECTS.map((value) => ({ value, label: REDIRECT_LABELS[value] }))}
          />
          <TextField
            name="redirectConfig.redirectTo"
            label="Redirect everything to"
            type="url"
            placeholder="https://"
            hint="Overrides the www redirect: every visit goes to this address."
          />
        </FormSection>
        <FormSection title="Search engines">
          <TextField
            name="seoConfig.canonicalUrl"
            label="Canonical address"
            type="url"
            placeholder="https://"
            hint="The address search engines should index instead of this domain."
          />
          <CheckboxField
            name="seoConfig.noIndex"
            label="Ask search engines not to index this domain (noindex)"
          />
        </FormSection>
      </Form>
    </Dialog>
  );
}
