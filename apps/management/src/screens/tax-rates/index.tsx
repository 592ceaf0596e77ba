import type { Jsonify } from '@brigade/api-client/client';
import { TAX_RATE_KIND } from '@brigade/domain/catalogue/kinds';
import {
  createTaxRateInputSchema,
  TAX_RATE_TYPES,
  TAX_ROUNDING_OPTIONS,
  type TaxRate,
} from '@brigade/domain/catalogue/tax-rate';
import { SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { NumberField, TextField } from '@brigade/ui/app-kit/form-fields';
import { enumOptions, text, yesNo } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';

type Row = Jsonify<TaxRate>;

const rateText = (row: Pick<Row, 'type' | 'rate'>) =>
  row.type === 'Fixed'
    ? `$${row.rate.toFixed(2)}`
    : row.type === 'Percent'
      ? `${row.rate}%`
      : String(row.rate);

function TaxRateFields() {
  const type = useFieldValue<string>('type');
  const takeout = useFieldValue<boolean>('takeoutTaxEnabled');
  const unit = type === 'Fixed' ? { prefix: '$' } : type === 'Percent' ? { suffix: '%' } : {};
  return (
    <>
      <FormRow>
        <TextField name="name" label="Name" autoFocus />
        <TextField name="number" label="Number" hint="Optional POS or display number" />
      </FormRow>
      <FormRow>
        <SelectField name="type" label="Type" options={enumOptions(TAX_RATE_TYPES)} />
        <NumberField name="rate" label="Rate" min={0} step="any" {...unit} />
      </FormRow>
      <SelectField name="roundingOptions" label="Rounding" options={enumOptions(TAX_ROUNDING_OPTIONS)} />
      <SwitchField name="default" label="Default tax rate" hint="Applied to new items" />
      <SwitchField name="disabled" label="Disabled" hint="A disabled rate is not charged" />
      <FormSection title="Takeout">
        <SwitchField name="takeoutTaxEnabled" label="Different rate for takeout" />
        {takeout && <NumberField name="takeoutTaxrate" label="Takeout rate" min={0} {...unit} />}
      </FormSection>
      <TextField name="importId" label="Import ID" hint="Optional: the id in the system you import from" />
    </>
  );
}

const config: EntityConfig<Row> = {
  kind: TAX_RATE_KIND,
  title: 'Tax rates',
  description: 'The taxes charged on items. Items choose which rates apply.',
  noun: 'tax rate',
  schema: createTaxRateInputSchema,
  editable: [
    'number',
    'name',
    'importId',
    'type',
    'disabled',
    'rate',
    'default',
    'takeoutTaxEnabled',
    'takeoutTaxrate',
    'roundingOptions',
  ],
  // Defaults: Percent, rate 0, Half Even Rounding
  defaults: () => ({
    number: '',
    name: '',
    importId: '',
    type: 'Percent',
    disabled: false,
    rate: 0,
    default: false,
    takeoutTaxEnabled: false,
    takeoutTaxrate: undefined,
    roundingOptions: 'Half Even Rounding',
  }),
  toForm: (row) => ({
    number: row.number ?? '',
    name: row.name,
    importId: row.importId ?? '',
    type: row.type,
    disabled: row.disabled,
    rate: row.rate,
    default: row.default,
    takeoutTaxEnabled: row.takeoutTaxEnabled,
    takeoutTaxrate: row.takeoutTaxrate,
    roundingOptions: row.roundingOptions,
  }),
  toBody: (values) => (values.takeoutTaxEnabled ? values : { ...values, takeoutTaxrate: undefined }),
  renderFields: () => <TaxRateFields />,
  columns: [
    { header: 'Name', primary: true, cell: (row) => row.name },
    { header: 'Rate', cell: rateText, align: 'end' },
    { header: 'Type', cell: (row) => row.type, hideOnMobile: true },
    { header: 'Default', cell: (row) => yesNo(row.default) },
    {
      header: 'Status',
      cell: (row) => (row.disabled ? <span className="ui-badge">Disabled</span> : yesNo(true, 'Active')),
    },
    {
      header: 'Takeout',
      cell: (row) => (row.takeoutTaxEnabled ? text(row.takeoutTaxrate) : text(null)),
      hideOnMobile: true,
    },
  ],
  searchText: (row) => [row.name, row.number, row.type],
  rowName: (row) => row.name,
  emptyMessage: 'Add the sales taxes your restaurant charges.',
};

export default function TaxRatesScreen() {
  return <EntityScreen config={config} />;
}
