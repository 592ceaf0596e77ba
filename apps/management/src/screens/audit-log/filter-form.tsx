import { AUDITED_TABLE_NAMES } from '@brigade/domain/audit-log';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { Form, useFieldValue } from '@brigade/ui/app-kit/form';
import { DateField, TextField } from '@brigade/ui/app-kit/form-fields';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { useEffect, useId, useState } from 'react';
import { FilterIcon } from '../../shell/icons';
import { type AuditFilters, auditFiltersSchema, FILTER_NAMES, formValuesOf } from './audit-filters';
import { tableLabel } from './audit-format';
import { useTenantRestaurants } from './queries';

const TABLE_OPTIONS = AUDITED_TABLE_NAMES.map((table) => ({ value: table, label: tableLabel(table) }));

/**
 * The filters above the list: restaurant, entity, who, which API operation, and a range of days. "Apply"
 * puts them in the URL (the screen reads them from there); "Clear" removes them all. The form follows the
 * URL when it changes otherwise (back, forward, a pasted link). On a narrow screen the filters fold away
 * behind a "Filters" button that says how many are set.
 */
export function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const form = useZodForm(auditFiltersSchema, { defaultValues: formValuesOf(filters) });
  const { reset } = form;
  useEffect(() => reset(formValuesOf(filters)), [filters, reset]);
  const active = FILTER_NAMES.filter((name) => filters[name] !== undefined).length;
  const apply = (next: AuditFilters) => {
    setOpen(false);
    onApply(next);
  };

  return (
    <div className="audit-filters" data-open={open || undefined}>
      <button
        type="button"
        className="ui-button ui-button--secondary ui-button--sm audit-filters__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <FilterIcon width={16} height={16} />
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </button>
      <div className="audit-filters__panel" id={panelId}>
        <Form form={form} onSubmit={apply} label="Filter the audit log">
          <div className="audit-filters__grid">
            <FilterFields />
            <div className="audit-filters__actions">
              <Button type="submit">Apply filters</Button>
              {active > 0 && (
                <Button type="button" variant="ghost" onClick={() => apply({})}>
                  Clear filters
                </Button>
              )}
            </div>
          </div>
        </Form>
      </div>
    </div>
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
