import { RESTAURANT_SCOPED_ROLES, type TenantRole } from '@brigade/domain/access';
import { createInvitationInputSchema } from '@brigade/domain/invitation';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import type { z } from 'zod';
import { useInvitationMutations } from './queries';
import { RestaurantsPart } from './restaurants-part';

export const ROLE_LABELS: Record<TenantRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  manager: 'Manager',
  employee: 'Employee',
};

const ROLE_HINTS: Record<TenantRole, string> = {
  owner: 'Everything, including other owners',
  admin: 'Everything but owners: organization, restaurants, domains, team',
  manager: 'Menus, items and the catalogue, orders',
  employee: 'Reads the back office',
};

/**
 * Where no mail is delivered (development, or no SMTP set up) the invitation's link is shown to copy and send
 * another way (a chat, a text); with mail it never leaves the mailbox (decision 029).
 */
function SentDialog({ sent, onClose }: { sent: { email: string; link: string }; onClose: () => void }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sent.link);
      toast.success('Invitation link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it');
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Invitation ready"
      description={`No mail is delivered from this server, so send ${sent.email} this link yourself. It works once, for 7 days.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => void copy()}>
            Copy invitation link
          </Button>
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <label className="ui-field">
        <span className="ui-field__label">Invitation link</span>
        <input
          className="ui-field__input"
          readOnly
          value={sent.link}
          onFocus={(event) => event.currentTarget.select()}
        />
      </label>
    </Dialog>
  );
}

/** Invite someone by email to a role the inviter may grant; the server mails the link. */
export function InviteDialog({ roles, onClose }: { roles: readonly TenantRole[]; onClose: () => void }) {
  const { create } = useInvitationMutations();
  const toast = useToast();
  const defaultRole: TenantRole = roles.includes('employee') ? 'employee' : (roles[0] ?? 'employee');
  const form = useZodForm(createInvitationInputSchema, {
    defaultValues: { email: '', role: defaultRole, restaurantIds: null },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const role = form.watch('role') as TenantRole;
  const [sent, setSent] = useState<{ email: string; link: string } | null>(null);
  if (sent) return <SentDialog sent={sent} onClose={onClose} />;
  const onSubmit = async (values: z.output<typeof createInvitationInputSchema>) => {
    setFormError(null);
    try {
      const { invitation, link } = await create.mutateAsync(values);
      // the link comes back only where no mail is delivered (decision 029): then it is the way to send it
      if (link) return setSent({ email: invitation.email, link });
      toast.success(`Invitation sent to ${invitation.email}`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Invite a team member"
      description="They get an email with a link that works once, for 7 days."
      footer={
        <DialogFormFooter
          formId="invite-member"
          onCancel={onClose}
          pending={form.formState.isSubmitting}
          submitLabel="Send invitation"
          pendingLabel="Sending..."
        />
      }
    >
      <Form form={form} onSubmit={onSubmit} id="invite-member">
        <FormError message={formError} />
        <TextField name="email" label="Email" type="email" autoFocus autoComplete="off" />
        <SelectField
          name="role"
          label="Role"
          hint={ROLE_HINTS[role]}
          options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        />
        <RestaurantsPart scoped={RESTAURANT_SCOPED_ROLES.includes(role)} />
      </Form>
    </Dialog>
  );
}
