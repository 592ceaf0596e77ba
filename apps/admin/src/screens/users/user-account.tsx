import { adminUpdateUserSchema } from '@brigade/domain/user';
import { SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { Form, FormError, FormRow } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { siteRoleOptions } from '../../components/labels';
import { type AdminUser, useUserMutations } from '../../queries';

/** A titled card on the user's page. */
export function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  id: string;
}) {
  return (
    <section className="ui-card admin-section" aria-labelledby={id}>
      <h2 id={id} className="admin-section__title">
        {title}
      </h2>
      {description && <p className="admin-section__description">{description}</p>}
      {children}
    </section>
  );
}

/** Names: first, last, and the display name (first plus last when left blank). */
export function ProfileSection({ user }: { user: AdminUser }) {
  const form = useZodForm(adminUpdateUserSchema, {
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      displayName: user.displayName,
    },
  });
  const { update } = useUserMutations(user.uid);
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <Section id="profile-title" title="Profile">
      <Form
        form={form}
        label="Profile"
        onSubmit={(body) =>
          update.mutate(body, {
            onSuccess: () => toast.success('Profile saved'),
            onError: (error) => setFormError(applyServerErrors(error, form)),
          })
        }
      >
        <FormError message={formError} />
        <FormRow>
          <TextField name="firstName" label="First name" />
          <TextField name="lastName" label="Last name" />
        </FormRow>
        <TextField name="displayName" label="Display name" />
        <div className="admin-form-actions">
          <Button type="submit" loading={update.isPending} loadingText="Saving...">
            Save profile
          </Button>
        </div>
      </Form>
    </Section>
  );
}

/** Email verified, site administrator (the flag grants the admin area) and the site role. */
export function AccessSection({ user }: { user: AdminUser }) {
  const form = useZodForm(adminUpdateUserSchema, {
    defaultValues: {
      emailVerified: user.emailVerified,
      isSiteAdmin: user.isSiteAdmin,
      siteRole: user.siteRole,
    },
  });
  const { update } = useUserMutations(user.uid);
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <Section
      id="access-title"
      title="Access"
      description="Site administrators can open this app and act on every tenant."
    >
      <Form
        form={form}
        label="Access"
        onSubmit={(body) =>
          update.mutate(body, {
            onSuccess: () => toast.success('Access saved'),
            onError: (error) => setFormError(applyServerErrors(error, form)),
          })
        }
      >
        <FormError message={formError} />
        <SwitchField name="emailVerified" label="Email verified" />
        <SwitchField name="isSiteAdmin" label="Site administrator" />
        <SelectField
          name="siteRole"
          label="Site role"
          hint="Optional: what kind of site administrator they are."
          placeholder="None"
          emptyValue={null}
          options={siteRoleOptions}
        />
        <div className="admin-form-actions">
          <Button type="submit" loading={update.isPending} loadingText="Saving...">
            Save access
          </Button>
        </div>
      </Form>
    </Section>
  );
}
