import { AUDITED_TABLE_NAMES } from '@brigade/domain/audit-log';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { FilterBar } from '@brigade/ui/app-kit/filter-bar';
import { useFieldValue } from '@brigade/ui/app-kit/form';
import { DateField, TextField } from '@brigade/ui/app-kit/form-fields';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { useEffect } from 'react';
import { type AuditFilters, auditFiltersSchema, FILTER_NAMES, formValuesOf } from './audit-filters';
import { tableLabel } from './audit-format';
import { useTenantRestaurants } from './queries';

const TABLE_OPTIONS = AUDITED_TABLE_NAMES.map((table) => ({ value: table, label: tableLabel(table) }));

/**
 * The filters above the list, in the app kit's filter bar: restaurant, entity, who, which API operation,
 * and a range of days. "Apply" puts them in the URL (the screen reads them from there); "Clear" removes them
 * all. The form follows the URL when it changes otherwise (back, forward, a pasted link).
 */
export function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const form = useZodForm(auditFiltersSchema, { defaultValues: formValuesOf(filters) });
  const { reset } = form;
  useEffect(() => reset(formValuesOf(filters)), [filters, reset]);
  return (
    <FilterBar
      form={form}
      label="Filter the audit log"
      className="audit-filters"
      active={FILTER_NAMES.filter((name) => filters[name] !== undefined).length}
      onApply={onApply}
      onClear={() => onApply({})}
    >
      <FilterFields />
    </FilterBar>
  );
}

/** The six fields (they read the form from context). */
function FilterFields() {
  const { list: restaurants } = useTenantRestaurants();
  const chosen = useFieldValue<number | undefined>('restaurantId');
  const restaurantOptions = restaurants.map((r) => ({ value: r.restaurantId, label: r.name }));
  // a restaurant of the address that is not (or not yet) in the list still shows as chosen
  if (chosen !== undefined && !restaurants.some((r) => r.restaurantId === chosen))
    restaurantOptions.push({ value: chosen, label: `Restaurant ${chosen}` });
  return (
    <>
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
    </>
  );
}
