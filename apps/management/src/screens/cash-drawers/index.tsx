import type { Jsonify } from '@brigade/api-client/client';
import {
  CASH_DRAWER_NAME_MAX,
  createCashDrawerInputSchema,
  RESET_BALANCE_TYPES,
} from '@brigade/domain/catalogue/cash-drawer';
import { CASH_DRAWER_KIND, type StoredCashDrawer } from '@brigade/domain/catalogue/kinds';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection } from '@brigade/ui/app-kit/form';
import { MoneyField, TextField } from '@brigade/ui/app-kit/form-fields';
import { enumOptions, money, text } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';

type Row = Jsonify<StoredCashDrawer>;

const config: EntityConfig<Row> = {
  kind: CASH_DRAWER_KIND,
  title: 'Cash drawers',
  description: 'Drawers and the balance each starts a shift with.',
  noun: 'cash drawer',
  schema: createCashDrawerInputSchema,
  editable: [
    'number',
    'name',
    'primaryStartingBalance',
    'secondaryStartingBalance',
    'primaryResetBalanceType',
    'secondaryResetBalanceType',
  ],
  // A new drawer's defaults: balances 0, reset Automatic
  defaults: () => ({
    number: '',
    name: '',
    primaryStartingBalance: 0,
    secondaryStartingBalance: 0,
    primaryResetBalanceType: 'Automatic',
    secondaryResetBalanceType: 'Automatic',
  }),
  toForm: (row) => ({
    number: row.number ?? '',
    name: row.name ?? '',
    primaryStartingBalance: row.primaryStartingBalance,
    secondaryStartingBalance: row.secondaryStartingBalance,
    primaryResetBalanceType: row.primaryResetBalanceType,
    secondaryResetBalanceType: row.secondaryResetBalanceType,
  }),
  renderFields: () => (
    <>
      <FormRow>
        <TextField name="name" label="Name" maxLength={CASH_DRAWER_NAME_MAX} autoFocus />
        <TextField name="number" label="Number" hint="Optional POS or display number" />
      </FormRow>
      <FormSection title="Primary drawer">
        <FormRow>
          <MoneyField name="primaryStartingBalance" label="Starting balance" />
          <SelectField
            name="primaryResetBalanceType"
            label="Reset balance"
            options={enumOptions(RESET_BALANCE_TYPES)}
          />
        </FormRow>
      </FormSection>
      <FormSection title="Secondary drawer">
        <FormRow>
          <MoneyField name="secondaryStartingBalance" label="Starting balance" />
          <SelectField
            name="secondaryResetBalanceType"
            label="Reset balance"
            options={enumOptions(RESET_BALANCE_TYPES)}
          />
        </FormRow>
      </FormSection>
    </>
  ),
  columns: [
    { header: 'Name', primary: true, cell: (row) => row.name || `Drawer ${row.id}` },
    { header: 'Number', cell: (row) => text(row.number), hideOnMobile: true },
    { header: 'Primary start', cell: (row) => money(row.primaryStartingBalance), align: 'end' },
    { header: 'Secondary start', cell: (row) => money(row.secondaryStartingBalance), align: 'end' },
    { header: 'Reset', cell: (row) => row.primaryResetBalanceType, hideOnMobile: true },
  ],
  searchText: (row) => [row.name, row.number],
  rowName: (row) => row.name || `drawer ${row.id}`,
  emptyMessage: 'Add the cash drawers your registers use.',
};

export default function CashDrawersScreen() {
  return <EntityScreen config={config} />;
}
