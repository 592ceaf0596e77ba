import { errorMessage } from '@brigade/api-client/problem-error';
import { addTenantAssignmentSchema } from '@brigade/domain/user';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { Form, FormError } from '@brigade/ui/app-kit/form';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, roleLabel, roleOptions, TENANT_ROLES } from '../../components/labels';
import {
  type AdminUser,
  type Assignment,
  type TenantRole,
  type TenantRow,
  useUserMutations,
} from '../../queries';
import { Section } from './user-account';

type Mutations = ReturnType<typeof useUserMutations>;

function assignmentColumns(
  tenantName: (id: number) => string,
  mutations: Mutations,
  onError: (error: unknown) => void,
): Column<Assignment>[] {
  return [
    {
      header: 'Tenant',
      primary: true,
      cell: (a) => (
        <Link className="admin-link" to={`/tenants/${a.tenantId}`}>
          {tenantName(a.tenantId)}
        </Link>
      ),
    },
    {
      header: 'Role',
      cell: (a) => (
        <select
          className="ui-field__input admin-inline-select"
          aria-label={`Role in ${tenantName(a.tenantId)}`}
          value={a.role}
          onChange={(event) =>
            mutations.updateAssignment.mutate(
              { tenantId: a.tenantId, role: event.target.value as TenantRole },
              { onError },
            )
          }
        >
          {TENANT_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      ),
    },
    {
      header: 'Active',
      cell: (a) => (
        <label className="ui-switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={a.isActive}
            checked={a.isActive}
            onChange={(event) =>
              mutations.updateAssignment.mutate(
                { tenantId: a.tenantId, isActive: event.target.checked },
                { onError },
              )
            }
          />
          <span>
            {a.isActive ? 'Active' : 'Inactive'}
            <span className="ui-visually-hidden"> in {tenantName(a.tenantId)}</span>
          </span>
        </label>
      ),
    },
    { header: 'Assigned', hideOnMobile: true, cell: (a) => formatDate(a.assignedAt) },
  ];
}

/** Add the user to a tenant with a role (active at once). */
function AddAssignment({ user, tenants }: { user: AdminUser; tenants: readonly TenantRow[] }) {
  const taken = new Set(user.tenantAssignments.map((a) => a.tenantId));
  const form = useZodForm(addTenantAssignmentSchema, { defaultValues: { role: 'employee', isActive: true } });
  const { addAssignment } = useUserMutations(user.uid);
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const choices = tenants.filter((t) => !taken.has(t.tenantId));
  return (
    <Form
      form={form}
      label="Add to a tenant"
      fieldsetClassName="admin-add-assignment"
      onSubmit={(body) =>
        addAssignment.mutate(body, {
          onSuccess: () => {
            toast.success('Added to the tenant');
            form.reset({ role: 'employee', isActive: true });
          },
          onError: (error) => setFormError(applyServerErrors(error, form)),
        })
      }
    >
      <FormError message={formError} title="Could not add" />
      <SelectField
        name="tenantId"
        label="Tenant"
        placeholder="Choose a tenant..."
        options={choices.map((t) => ({ value: t.tenantId, label: `${t.displayName} (${t.tenantId})` }))}
      />
      <SelectField name="role" label="Role" options={roleOptions} />
      <Button type="submit" loading={addAssignment.isPending} loadingText="Adding...">
        Add to tenant
      </Button>
    </Form>
  );
}

/** The user's tenants: change the role, switch an assignment on or off, remove it, add one. */
export function AssignmentsSection({ user, tenants }: { user: AdminUser; tenants: readonly TenantRow[] }) {
  const mutations = useUserMutations(user.uid);
  const toast = useToast();
  const [removing, setRemoving] = useState<Assignment | null>(null);
  const names = new Map(tenants.map((t) => [t.tenantId, t.displayName]));
  const tenantName = (id: number) => names.get(id) ?? `Tenant ${id}`;
  const onError = (error: unknown) => toast.error(errorMessage(error));
  return (
    <Section
      id="tenants-title"
      title="Tenants"
      description="Access to a tenant needs an active assignment; owners and admins manage the tenant."
    >
      <DataTable
        label="Tenant assignments"
        rows={user.tenantAssignments}
        columns={assignmentColumns(tenantName, mutations, onError)}
        rowKey={(a) => a.tenantId}
        empty={{ title: 'No tenants', message: 'This user belongs to no tenant yet.' }}
        rowActions={(a) => (
          <Button variant="ghost" size="sm" onClick={() => setRemoving(a)}>
            Remove<span className="ui-visually-hidden"> from {tenantName(a.tenantId)}</span>
          </Button>
        )}
      />
      <AddAssignment user={user} tenants={tenants} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove from ${removing ? tenantName(removing.tenantId) : ''}?`}
        message={`${user.displayName || user.email} loses their ${removing ? roleLabel(removing.role).toLowerCase() : ''} access to this tenant and its restaurants. You can add them again later.`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={mutations.removeAssignment.isPending}
        error={mutations.removeAssignment.error ? errorMessage(mutations.removeAssignment.error) : null}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          mutations.removeAssignment.mutate(removing.tenantId, {
            onSuccess: () => {
              toast.success('Removed from the tenant');
              setRemoving(null);
            },
          })
        }
      />
    </Section>
  );
}
