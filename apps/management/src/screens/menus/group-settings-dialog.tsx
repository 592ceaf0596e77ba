import { MENU_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError } from '@brigade/ui/app-kit/form';
import { applyProblem } from '@brigade/ui/app-kit/server-errors';
import { useNormalisedForm } from '@brigade/ui/app-kit/use-zod-form';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { type MenuGroupRecord, useCatalogueMutations } from '../../catalogue-kit/catalogue-api';
import {
  GROUP_FORM_FIELDS,
  type GroupFormValues,
  groupFormSchema,
  groupFormValues,
  groupPatch,
} from './group-form';
import {
  GroupAvailabilitySection,
  GroupDetailsSection,
  GroupPricingSection,
  GroupVisibilitySection,
} from './group-settings-sections';

/** For a new group: its parent (null for a menu), its position and whether it is a menu. */
export interface NewGroupPlace {
  parentId: number | null;
  position: number;
  isMenu: boolean;
}

/**
 * Create or edit a menu group: name, pricing type, visibility per channel and availability (days, time
 * range, date range, seasonal window), validated with the server's schema and messages; the server's
 * field errors land on the same fields.
 */
export function GroupSettingsDialog({
  open,
  onClose,
  group,
  create,
  title,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  /** The stored group to edit; null to create one. */
  group: MenuGroupRecord | null;
  create?: NewGroupPlace;
  title: string;
  onSaved?: (group: MenuGroupRecord) => void;
}) {
  const form = useNormalisedForm<GroupFormValues>(
    groupFormSchema,
    groupFormValues(group ?? (create ? { isMenu: create.isMenu } : null)),
  );
  const { formError, save } = useSaveGroup({ group, create, onSaved, onClose, setError: form.setError });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        <DialogFormFooter
          formId="group-settings-form"
          onCancel={onClose}
          pending={form.formState.isSubmitting}
          submitLabel={group ? 'Save changes' : 'Create'}
        />
      }
    >
      <Form
        id="group-settings-form"
        className="cat-form"
        fieldsetClassName="cat-fieldset"
        form={form}
        onSubmit={save}
      >
        <FormError message={formError} />
        <GroupDetailsSection />
        <GroupPricingSection />
        <GroupVisibilitySection />
        <GroupAvailabilitySection />
      </Form>
    </Dialog>
  );
}

/**
 * The dialog's save: the patch of a stored group (nothing sent when nothing changed) or the new group at its
 * place; then `onSaved` and close. A failure goes on the fields and into `formError`.
 */
function useSaveGroup({
  group,
  create,
  onSaved,
  onClose,
  setError,
}: {
  group: MenuGroupRecord | null;
  create: NewGroupPlace | undefined;
  onSaved: ((group: MenuGroupRecord) => void) | undefined;
  onClose: () => void;
  setError: UseFormSetError<GroupFormValues>;
}) {
  const { create: createGroup, update } = useCatalogueMutations<MenuGroupRecord>(MENU_GROUP_KIND);
  const [formError, setFormError] = useState<string | null>(null);
  const save = async (values: GroupFormValues) => {
    setFormError(null);
    try {
      if (group) {
        const patch = groupPatch(group, values);
        const saved =
          Object.keys(patch).length > 0 ? await update.mutateAsync({ id: group.menuGroupId, patch }) : group;
        onSaved?.(saved);
      } else {
        const body = {
          ...groupPatch(null, values),
          ...(create?.parentId ? { parentId: create.parentId } : {}),
          position: create?.position ?? 0,
          isMenu: create?.isMenu ?? false,
        };
        onSaved?.(await createGroup.mutateAsync(body));
      }
      onClose();
    } catch (error) {
      setFormError(applyProblem(error, setError, GROUP_FORM_FIELDS));
    }
  };
  return { formError, save };
}
