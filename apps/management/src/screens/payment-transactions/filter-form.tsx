import { CARD_BRANDS, PAYMENT_STATUSES } from '@brigade/domain/payments/api';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { Form } from '@brigade/ui/app-kit/form';
import { DateField, MoneyField, TextField } from '@brigade/ui/app-kit/form-fields';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { useEffect, useId, useState } from 'react';
import { brandLabel, statusLabel } from '../../payments-kit/format';
import { FilterIcon } from '../../shell/icons';
import {
  activeFilterCount,
  formValuesOf,
  type ListFilters,
  transactionFiltersSchema,
} from './transaction-filters';

const STATUS_OPTIONS = PAYMENT_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));
const BRAND_OPTIONS = CARD_BRANDS.map((brand) => ({ value: brand, label: brandLabel(brand) }));

/**
 * The filters above the list (dates, status, card brand, amounts, last four). "Apply" puts them in the URL;
 * on a phone they fold away behind a "Filters" button that says how many are set.
 */
export function TransactionFilterForm({
  filters,
  onApply,
}: {
  filters: ListFilters;
  onApply: (filters: ListFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const form = useZodForm(transactionFiltersSchema, { defaultValues: formValuesOf(filters) });
  const { reset } = form;
  useEffect(() => reset(formValuesOf(filters)), [filters, reset]);
  const active = activeFilterCount(filters);
  const apply = (next: ListFilters) => {
    setOpen(false);
    onApply(next);
  };
  return (
    <div className="pay-filters" data-open={open || undefined}>
      <button
        type="button"
        className="ui-button ui-button--secondary ui-button--sm pay-filters__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <FilterIcon width={16} height={16} />
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </button>
      <div className="pay-filters__panel" id={panelId}>
        <Form form={form} onSubmit={apply} label="Filter the transactions">
          <div className="pay-filters__grid">
            <DateField name="from" label="From" />
            <DateField name="to" label="To" />
            <SelectField name="status" label="Status" options={STATUS_OPTIONS} placeholder="Any status" />
            <SelectField name="cardBrand" label="Card brand" options={BRAND_OPTIONS} placeholder="Any card" />
            <MoneyField name="minAmount" label="Minimum amount" />
            <MoneyField name="maxAmount" label="Maximum amount" />
            <TextField name="lastFour" label="Last four digits" inputMode="numeric" autoComplete="off" />
            <div className="pay-filters__actions">
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
