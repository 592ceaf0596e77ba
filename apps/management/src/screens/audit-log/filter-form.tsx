import { AUDITED_TABLE_NAMES } from '@brigade/domain/audit-log';
import { Button } from '@brigade/ui/components/button';
import { useEffect } from 'react';
import { SelectField } from '../../components/choice-fields';
import { Form } from '../../components/form';
import { DateField, TextField } from '../../components/form-fields';
import { useZodForm } from '../../components/use-zod-form';
import { type AuditFilters, auditFiltersSchema, formValuesOf, isFiltering } from './audit-filters';
import { tableLabel } from './audit-format';
import { useTenantRestaurants } from './queries';

const TABLE_OPTIONS = AUDITED_TABLE_NAMES.map((table) => ({ value: table, label: tableLabel(table) }));

/**
 * The filters above the list: restaurant, entity, who, which API operation, and a range of days. "Apply"
 * puts them in the URL (the screen reads them from there); "Clear" removes them all. The form follows the
 * URL when it changes otherwise (back, forward, a pasted link).
 */
export function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const { list: restaurants } = useTenantRestaurants();
  const form = useZodForm(auditFiltersSchema, { defaultValues: formValuesOf(filters) });
  const { reset } = form;
  useEffect(() => reset(formValuesOf(filters)), [filters, reset]);
  const restaurantOptions = restaurants.map((r) => ({ value: r.restaurantId, label: r.name }));

  return (
    <Form form={form} onSubmit={onApply} label="Filter the audit log" className="audit-filters">
      <div className="audit-filters__grid">
        <SelectField
          name="restaurantId"
          label="Restaurant"
          options={restaurantOptions}
          placeholder="All restaurants"
        />
        <SelectField name="table" label="Entity" options={TABLE_OPTIONS} placeholder="All entities" />
        <TextField name="actor" label="Actor" placeholder="Email, user id or system" autoComplete="off" />
        <TextField name="endpoint" label="Endpoint" placeholder="e.g. updateItem" autoComplete="off" />
        <DateField name="from" label="From" />
        <DateField name="to" label="To" />
      </div>
      <div className="audit-filters__actions">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        {isFiltering(filters) && (
          <Button type="button" size="sm" variant="ghost" onClick={() => onApply({})}>
            Clear filters
          </Button>
        )}
      </div>
    </Form>
  );
}
