import type { Jsonify } from '@brigade/api-client/client';
import { errorMessage } from '@brigade/api-client/problem-error';
import { activateJobTitle, deactivateJobTitle } from '@brigade/contracts/catalogue';
import {
  createJobTitleInputSchema,
  DEFAULT_JOB_TITLE_COLOR,
  type JobTitle,
} from '@brigade/domain/catalogue/job-title';
import { JOB_TITLE_KIND } from '@brigade/domain/catalogue/kinds';
import { SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow } from '@brigade/ui/app-kit/form';
import { ColorField, MoneyField, TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { invalidateAfterChange } from '../../components/catalogue-queries';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { money, swatch, text } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';

type Row = Jsonify<JobTitle>;

/** Job titles are activated or deactivated; only active ones can be assigned. */
function ActivationButton({ row }: { row: Row }) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  const toast = useToast();
  const endpoint = row.isActive ? deactivateJobTitle : activateJobTitle;
  const allowed = useCan(endpoint);
  const toggle = useMutation({
    mutationFn: () => apiClient.call(endpoint, { params: { tenantId, restaurantId, jobId: row.jobId } }),
    onSuccess: async () => {
      await invalidateAfterChange(queryClient, restaurantId, JOB_TITLE_KIND);
      toast.success(row.isActive ? `${row.title} deactivated` : `${row.title} activated`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (!allowed) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
      aria-label={`${row.isActive ? 'Deactivate' : 'Activate'} ${row.title}`}
    >
      {row.isActive ? 'Deactivate' : 'Activate'}
    </Button>
  );
}

const config: EntityConfig<Row> = {
  kind: JOB_TITLE_KIND,
  title: 'Job titles',
  description: 'Roles staff are paid for. Only active job titles can be assigned to employees.',
  noun: 'job title',
  schema: createJobTitleInputSchema,
  editable: ['title', 'color', 'description', 'defaultWage', 'isActive'],
  // A new job title's defaults: colour #000000, wage 0, active
  defaults: () => ({
    title: '',
    color: DEFAULT_JOB_TITLE_COLOR,
    description: '',
    defaultWage: 0,
    isActive: true,
  }),
  toForm: (row) => ({
    title: row.title,
    color: row.color,
    description: row.description ?? '',
    defaultWage: row.defaultWage,
    isActive: row.isActive,
  }),
  renderFields: ({ row }) => (
    <>
      <TextField name="title" label="Title" autoFocus />
      <FormRow>
        <ColorField name="color" label="Colour" />
        <MoneyField name="defaultWage" label="Default hourly wage" />
      </FormRow>
      <TextareaField name="description" label="Description" />
      {!row && <SwitchField name="isActive" label="Active" hint="Only active job titles can be assigned" />}
    </>
  ),
  columns: [
    { header: 'Title', primary: true, cell: (row) => swatch(row.color, row.title) },
    { header: 'Default wage', cell: (row) => money(row.defaultWage), align: 'end' },
    {
      header: 'Status',
      cell: (row) =>
        row.isActive ? (
          <span className="ui-badge ui-badge--success">Active</span>
        ) : (
          <span className="ui-badge">Inactive</span>
        ),
    },
    { header: 'Description', cell: (row) => text(row.description), hideOnMobile: true },
  ],
  rowActions: (row) => <ActivationButton row={row} />,
  searchText: (row) => [row.title, row.description],
  rowName: (row) => row.title,
  emptyMessage: 'Add job titles such as Server, Line cook or Host, then assign them to employees.',
};

export default function JobTitlesScreen() {
  return <EntityScreen config={config} />;
}
