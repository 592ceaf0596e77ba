import { CARD_BRANDS, PAYMENT_STATUSES } from '@brigade/domain/payments/api';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { FilterBar } from '@brigade/ui/app-kit/filter-bar';
import { DateField, MoneyField, TextField } from '@brigade/ui/app-kit/form-fields';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { useEffect } from 'react';
import { brandLabel, statusLabel } from '../../payments-kit/format';
import {
  activeFilterCount,
  formValuesOf,
  type ListFilters,
  transactionFiltersSchema,
} from './transaction-filters';

const STATUS_OPTIONS = PAYMENT_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));
const BRAND_OPTIONS = CARD_BRANDS.map((brand) => ({ value: brand, label: brandLabel(brand) }));

/**
 * The filters above the list (dates, status, card brand, amounts, last four) in the app kit's filter bar:
 * "Apply" puts them in the URL; the form follows the URL when it changes otherwise.
 */
export function TransactionFilterForm({
  filters,
  onApply,
}: {
  filters: ListFilters;
  onApply: (filters: ListFilters) => void;
}) {
  const form = useZodForm(transactionFiltersSchema, { defaultValues: formValuesOf(filters) });
  const { reset } = form;
  useEffect(() => reset(formValuesOf(filters)), [filters, reset]);
  return (
    <FilterBar
      form={form}
      label="Filter the transactions"
      className="pay-filters"
      active={activeFilterCount(filters)}
      onApply={onApply}
      onClear={() => onApply({})}
    >
      <DateField name="from" label="From" />
      <DateField name="to" label="To" />
      <SelectField name="status" label="Status" options={STATUS_OPTIONS} placeholder="Any status" />
      <SelectField name="cardBrand" label="Card brand" options={BRAND_OPTIONS} placeholder="Any card" />
      <MoneyField name="minAmount" label="Minimum amount" />
      <MoneyField name="maxAmount" label="Maximum amount" />
      <TextField name="lastFour" label="Last four digits" inputMode="numeric" autoComplete="off" />
    </FilterBar>
  );
}
