import type { Jsonify } from '@brigade/api-client/client';
import { CASH_DRAWER_NAME_MAX, RESET_BALANCE_TYPES } from '@brigade/domain/catalogue/cash-drawer';
import { PRINTER_KIND } from '@brigade/domain/catalogue/kinds';
import {
  CASH_DRAWER_OPTIONS,
  CHARACTER_SETS,
  CUSTOM_FOOTER_MAX,
  createPrinterInputSchema,
  IP_SETUPS,
  PAPER_WIDTHS,
  PRINTER_FONT_SIZES,
  type Printer,
} from '@brigade/domain/catalogue/printer';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { MoneyField, TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { useCatalogueList } from '../../components/catalogue-queries';
import { enumOptions, text } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';

type Row = Jsonify<Printer>;

const DEFAULT_DRAWER = {
  name: '',
  primaryStartingBalance: 0,
  secondaryStartingBalance: 0,
  primaryResetBalanceType: 'Automatic',
  secondaryResetBalanceType: 'Automatic',
};

function PrinterFields({ row }: { row: Row | undefined }) {
  return (
    <>
      <FormRow>
        <TextField name="name" label="Name" autoFocus />
        <TextField name="model" label="Model" />
      </FormRow>
      <FormRow>
        <TextField name="serialNumber" label="Serial number" />
        <TextField name="number" label="Number" hint="Optional POS or display number" />
      </FormRow>
      <NetworkSection row={row} />
      <PrintingSection />
      <CashDrawerSection />
    </>
  );
}

function NetworkSection({ row }: { row: Row | undefined }) {
  const ipSetup = useFieldValue<string>('ipSetup');
  const printers = useCatalogueList<Row>(PRINTER_KIND);
  const backups = (printers.data ?? [])
    .filter((printer) => printer.printerId !== row?.printerId)
    .map((printer) => ({ value: printer.printerId as number | null, label: printer.name }));
  return (
    <FormSection title="Network">
      <FormRow>
        <SelectField name="ipSetup" label="IP setup" options={enumOptions(IP_SETUPS)} />
        <TextField
          name="ipAddress"
          label="IP address"
          inputMode="decimal"
          placeholder="192.168.1.50"
          hint={ipSetup === 'Static' ? 'Required for a static IP setup' : 'Optional with a dynamic IP'}
        />
      </FormRow>
      <SelectField
        name="backupPrinterId"
        label="Backup printer"
        options={backups}
        placeholder="No backup printer"
        emptyValue={null}
      />
    </FormSection>
  );
}

function PrintingSection() {
  return (
    <FormSection title="Printing">
      <FormRow>
        <SelectField
          name="kitchenTicketFontSize"
          label="Kitchen ticket font"
          options={enumOptions(PRINTER_FONT_SIZES)}
        />
        <SelectField
          name="customerReceiptFontSize"
          label="Customer receipt font"
          options={enumOptions(PRINTER_FONT_SIZES)}
        />
      </FormRow>
      <FormRow>
        <SelectField name="paperWidth" label="Paper width" options={enumOptions(PAPER_WIDTHS)} />
        <SelectField name="characterSet" label="Character set" options={enumOptions(CHARACTER_SETS)} />
      </FormRow>
      <TextareaField
        name="customFooter"
        label="Receipt footer"
        maxLength={CUSTOM_FOOTER_MAX}
        hint="Up to 3 rows of about 42 characters"
      />
    </FormSection>
  );
}

function CashDrawerSection() {
  const hasCashDrawer = useFieldValue<string>('hasCashDrawer');
  return (
    <FormSection title="Cash drawer">
      <SelectField name="hasCashDrawer" label="Cash drawers" options={enumOptions(CASH_DRAWER_OPTIONS)} />
      {hasCashDrawer !== 'No Cash Drawer' && (
        <>
          <TextField name="cashDrawer.name" label="Drawer name" maxLength={CASH_DRAWER_NAME_MAX} />
          <FormRow>
            <MoneyField name="cashDrawer.primaryStartingBalance" label="Starting balance" />
            <SelectField
              name="cashDrawer.primaryResetBalanceType"
              label="Reset balance"
              options={enumOptions(RESET_BALANCE_TYPES)}
            />
          </FormRow>
          {hasCashDrawer === 'Two Cash Drawers' && (
            <FormRow>
              <MoneyField name="cashDrawer.secondaryStartingBalance" label="Second drawer starting balance" />
              <SelectField
                name="cashDrawer.secondaryResetBalanceType"
                label="Second drawer reset"
                options={enumOptions(RESET_BALANCE_TYPES)}
              />
            </FormRow>
          )}
        </>
      )}
    </FormSection>
  );
}

const config: EntityConfig<Row> = {
  kind: PRINTER_KIND,
  title: 'Printers',
  description: 'Receipt and kitchen printers, their network setup and attached cash drawers.',
  noun: 'printer',
  schema: createPrinterInputSchema,
  editable: [
    'number',
    'name',
    'model',
    'ipSetup',
    'serialNumber',
    'ipAddress',
    'customFooter',
    'kitchenTicketFontSize',
    'customerReceiptFontSize',
    'paperWidth',
    'characterSet',
    'backupPrinterId',
    'hasCashDrawer',
    'cashDrawer',
  ],
  // spec 02 §3 defaults
  defaults: () => ({
    number: '',
    name: '',
    model: '',
    ipSetup: 'Dynamic',
    serialNumber: '',
    ipAddress: '',
    customFooter: '',
    kitchenTicketFontSize: 'Medium',
    customerReceiptFontSize: 'Medium',
    paperWidth: 'Narrow',
    characterSet: 'Western',
    backupPrinterId: null,
    hasCashDrawer: 'No Cash Drawer',
    cashDrawer: DEFAULT_DRAWER,
  }),
  toForm: (row) => ({
    number: row.number ?? '',
    name: row.name,
    model: row.model,
    ipSetup: row.ipSetup,
    serialNumber: row.serialNumber ?? '',
    ipAddress: row.ipAddress ?? '',
    customFooter: row.customFooter ?? '',
    kitchenTicketFontSize: row.kitchenTicketFontSize,
    customerReceiptFontSize: row.customerReceiptFontSize,
    paperWidth: row.paperWidth,
    characterSet: row.characterSet,
    backupPrinterId: row.backupPrinterId ?? null,
    hasCashDrawer: row.hasCashDrawer,
    cashDrawer: { ...DEFAULT_DRAWER, ...row.cashDrawer, name: row.cashDrawer?.name ?? '' },
  }),
  // the drawer details only travel with a drawer (spec 02 §5)
  toBody: (values) =>
    values.hasCashDrawer === 'No Cash Drawer' ? { ...values, cashDrawer: undefined } : values,
  renderFields: ({ row }) => <PrinterFields row={row} />,
  dialogSize: 'lg',
  columns: [
    { header: 'Name', primary: true, cell: (row) => row.name },
    { header: 'Model', cell: (row) => row.model },
    { header: 'IP', cell: (row) => (row.ipSetup === 'Static' ? text(row.ipAddress) : 'Dynamic') },
    { header: 'Paper', cell: (row) => row.paperWidth, hideOnMobile: true },
    { header: 'Cash drawer', cell: (row) => row.hasCashDrawer, hideOnMobile: true },
  ],
  searchText: (row) => [row.name, row.model, row.ipAddress, row.serialNumber, row.number],
  rowName: (row) => row.name,
  emptyMessage: 'Add your receipt and kitchen printers.',
};

export default function PrintersScreen() {
  return <EntityScreen config={config} />;
}
