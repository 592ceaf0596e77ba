import type { Jsonify } from '@brigade/api-client/client';
import {
  canClockIn,
  canManageOthers,
  EMPLOYEE_ROLES,
  EMPLOYEE_STATUSES,
  type Employee,
  effectiveWage,
  hasKitchenAccess,
  hasPosAccess,
} from '@brigade/domain/catalogue/employee';
import type { JobTitle } from '@brigade/domain/catalogue/job-title';
import { JOB_TITLE_KIND } from '@brigade/domain/catalogue/kinds';
import { SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection } from '@brigade/ui/app-kit/form';
import {
  DateField,
  MoneyField,
  NumberField,
  TextareaField,
  TextField,
} from '@brigade/ui/app-kit/form-fields';
import { PlusIcon, TrashIcon } from '@brigade/ui/app-shell/icons';
import { Button } from '@brigade/ui/components/button';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useCatalogueList } from '../../components/catalogue-queries';
import { UserLinkField } from './user-link-field';

export const roleLabel = (role: string) => {
  const text = role.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

type JobTitleRow = Jsonify<JobTitle>;

const formatWage = (value: number | undefined) =>
  value === undefined ? 'Not set' : value.toLocaleString(undefined, { style: 'currency', currency: 'USD' });

/** The derived access, wage and clock-in, computed from what the form holds now (the server computes the same on save). */
function DerivedAccess() {
  const values = useWatch() as Partial<Employee>;
  const employee = {
    role: values.role ?? 'training',
    status: values.status ?? 'active',
    posAccess: values.posAccess === true,
    kitchenAccess: values.kitchenAccess === true,
    managerAccess: values.managerAccess === true,
    posAccessConfig: { hasAccess: values.posAccessConfig?.hasAccess === true },
    hourlyRate: typeof values.hourlyRate === 'number' ? values.hourlyRate : undefined,
    jobAssignments: (values.jobAssignments ?? []).map((job) => ({
      ...job,
      isActive: job?.isActive !== false,
      wageOverride: typeof job?.wageOverride === 'number' ? job.wageOverride : undefined,
    })),
  } as Employee;
  const yes = (value: boolean) => (value ? 'Yes' : 'No');
  return (
    <FormSection
      title="Derived access"
      description="Worked out from the role, flags and jobs above (read-only)."
    >
      <dl className="derived-list" data-testid="derived-access">
        <div>
          <dt>Kitchen access</dt>
          <dd>{yes(hasKitchenAccess(employee))}</dd>
        </div>
        <div>
          <dt>POS access</dt>
          <dd>{yes(hasPosAccess(employee))}</dd>
        </div>
        <div>
          <dt>Can manage others</dt>
          <dd>{yes(canManageOthers(employee))}</dd>
        </div>
        <div>
          <dt>Effective wage</dt>
          <dd>{formatWage(effectiveWage(employee))}</dd>
        </div>
        <div>
          <dt>Can clock in</dt>
          <dd>{yes(canClockIn(employee))}</dd>
        </div>
      </dl>
    </FormSection>
  );
}

/** Job assignments with wage overrides; only active job titles can be newly assigned. */
function JobAssignments({ readOnly }: { readOnly: boolean }) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'jobAssignments' });
  const jobTitles = useCatalogueList<JobTitleRow>(JOB_TITLE_KIND);
  const assigned = (useWatch({ name: 'jobAssignments' }) ?? []) as { jobId?: number }[];
  const titles = jobTitles.data ?? [];
  const optionsFor = (current: number | undefined) =>
    titles
      .filter((title) => title.isActive || title.jobId === current)
      .map((title) => ({
        value: title.jobId,
        label: title.isActive ? title.title : `${title.title} (inactive)`,
        disabled:
          !title.isActive || (title.jobId !== current && assigned.some((job) => job.jobId === title.jobId)),
      }));
  const free = titles.filter((title) => title.isActive && !assigned.some((job) => job.jobId === title.jobId));
  return (
    <FormSection
      title="Job assignments"
      description="The jobs this person works, with an optional wage for each."
    >
      {fields.length === 0 && <p className="form-readonly-note">No jobs assigned.</p>}
      {fields.map((field, index) => (
        <div key={field.id} className="form-section" data-testid="job-assignment">
          <FormRow>
            <SelectField
              name={`jobAssignments.${index}.jobId`}
              label="Job title"
              options={optionsFor(assigned[index]?.jobId)}
            />
            <NumberField
              name={`jobAssignments.${index}.wageOverride`}
              label="Wage override"
              min={0}
              step={0.01}
              prefix="$"
            />
          </FormRow>
          <div className="ui-row ui-row--between">
            <SwitchField name={`jobAssignments.${index}.isActive`} label="Active assignment" />
            {!readOnly && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => remove(index)}
                aria-label={`Remove job ${index + 1}`}
              >
                <TrashIcon width={16} height={16} />
                Remove
              </Button>
            )}
          </div>
        </div>
      ))}
      {!readOnly && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={free.length === 0}
            onClick={() => {
              const first = free[0];
              if (first) append({ jobId: first.jobId, isActive: true, wageOverride: undefined });
            }}
          >
            <PlusIcon width={16} height={16} />
            Assign a job
          </Button>
          {titles.length > 0 && free.length === 0 && (
            <p className="ui-field__hint">Every active job title is assigned already.</p>
          )}
          {!jobTitles.isPending && titles.length === 0 && (
            <p className="ui-field__hint">Create job titles first (Staff → Job titles).</p>
          )}
        </div>
      )}
    </FormSection>
  );
}

export function EmployeeFields({ readOnly }: { readOnly: boolean }) {
  const posConfigAccess = useWatch({ name: 'posAccessConfig.hasAccess' }) as boolean | undefined;
  return (
    <>
      <FormSection title="Person">
        <FormRow>
          <TextField name="firstName" label="First name" autoFocus autoComplete="off" />
          <TextField name="lastName" label="Last name" autoComplete="off" />
        </FormRow>
        <FormRow>
          <TextField name="chosenName" label="Chosen name" hint="Shown instead of the first name" />
          <DateField name="startDate" label="Start date" />
        </FormRow>
        <FormRow>
          <TextField name="email" label="Email" type="email" autoComplete="off" />
          <TextField name="phone" label="Phone" type="tel" autoComplete="off" />
        </FormRow>
        <UserLinkField />
      </FormSection>
      <FormSection title="Role and pay">
        <FormRow>
          <SelectField
            name="role"
            label="Role"
            options={EMPLOYEE_ROLES.map((value) => ({ value, label: roleLabel(value) }))}
          />
          <SelectField
            name="status"
            label="Status"
            options={EMPLOYEE_STATUSES.map((value) => ({ value, label: roleLabel(value) }))}
          />
        </FormRow>
        <FormRow>
          <MoneyField
            name="hourlyRate"
            label="Hourly rate"
            hint="Used when the active job has no wage override"
          />
          <SwitchField name="showWages" label="Show wages" />
        </FormRow>
      </FormSection>
      <FormSection title="Access">
        <SwitchField
          name="posAccess"
          label="POS access"
          hint="Counts only when POS code access is granted below"
        />
        <SwitchField name="kitchenAccess" label="Kitchen access" />
        <SwitchField name="managerAccess" label="Manager access" />
        <SwitchField name="posAccessConfig.hasAccess" label="Grant POS code access" />
        {posConfigAccess && (
          <>
            <FormRow>
              <TextField
                name="posAccessConfig.accessCode"
                label="POS access code"
                autoComplete="off"
                inputMode="numeric"
              />
            </FormRow>
            <SwitchField name="posAccessConfig.allowCodeLogin" label="Allow sign-in with the code" />
            <SwitchField
              name="posAccessConfig.updateAllLocations"
              label="Use the same code at all locations"
            />
          </>
        )}
        <FormRow>
          <TextField name="accountInfo.employeeDisplayId" label="Employee display ID" />
        </FormRow>
      </FormSection>
      <JobAssignments readOnly={readOnly} />
      <DerivedAccess />
      <TextareaField name="notes" label="Notes" />
    </>
  );
}
