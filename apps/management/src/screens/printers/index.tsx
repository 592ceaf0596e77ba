import type { Jsonify } from '@brigade/api-client/client';
import { CASH_DRAWER_NAME_MAX, RESET_BALANCE_TYPES } from '@brigade/domain/catalogue/cash-drawer';
import { PRINTER_KIND } from '@brigade/domain/catalogue/kinds';
import {
  CASH_DRAWER_OPTIONS,
  CHARACTER_SETS,
  CUSTOM_FOOTER_MAX,
  createPrinterInputSchema,
  IP_SETUPS,
  isCloudConnection,
  PAPER_WIDTHS,
  PRINTER_CONNECTIONS,
  PRINTER_FONT_SIZES,
  type Printer,
} from '@brigade/domain/catalogue/printer';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { MoneyField, TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { useCatalogueList } from '../../components/catalogue-queries';
import { enumOptions, text } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';
import { CloudConnectionDialog, ConnectionCell, usePrinterConnections } from './cloud-connection';

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
  const connection = useFieldValue<string>('connection');
  const printers = useCatalogueList<Row>(PRINTER_KIND);
  const backups = (printers.data ?? [])
    .filter((printer) => printer.printerId !== row?.printerId)
    .map((printer) => ({ value: printer.printerId as number | null, label: printer.name }));
  return (
    <FormSection title="Network">
      <FormRow>
        <SelectField name="connection" label="Connection" options={enumOptions(PRINTER_CONNECTIONS)} />
        {isCloudConnection(connection) && (
          <TextField
            name="cloudDeviceId"
            label={connection === 'Star CloudPRNT' ? 'MAC address' : 'Printer ID'}
            placeholder={connection === 'Star CloudPRNT' ? '00:11:62:1d:9a:b7' : 'KITCHEN1'}
            hint="As the printer names itself when it polls; its URL and password: Cloud setup in the list"
          />
        )}
      </FormRow>
      <FormRow>
        <SelectField name="ipSetup" label="IP setup" options={enumOptions(IP_SETUPS)} />
        <TextField
          name="ipAddress"
          label="IP address"
          inputMode="decimal"
          placeholder="192.168.1.50"
          hint={
            isCloudConnection(connection)
              ? 'Not used: the printer polls the server'
              : ipSetup === 'Static'
                ? 'Required for a static IP setup'
                : 'Optional with a dynamic IP'
          }
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

type Statuses = ReturnType<typeof usePrinterConnections>['data'];

const baseConfig: Omit<EntityConfig<Row>, 'columns' | 'rowActions'> = {
  kind: PRINTER_KIND,
  title: 'Printers',
  description: 'Receipt and kitchen printers, how the server reaches them, and attached cash drawers.',
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
    'connection',
    'cloudDeviceId',
  ],
  // A new printer's defaults
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
    connection: 'Raw TCP',
    cloudDeviceId: '',
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
    connection: row.connection,
    cloudDeviceId: row.cloudDeviceId ?? '',
  }),
  // the drawer details only travel with a drawer
  toBody: (values) =>
    values.hasCashDrawer === 'No Cash Drawer' ? { ...values, cashDrawer: undefined } : values,
  renderFields: ({ row }) => <PrinterFields row={row} />,
  dialogSize: 'lg',
  searchText: (row) => [row.name, row.model, row.ipAddress, row.serialNumber, row.number],
  rowName: (row) => row.name,
  emptyMessage: 'Add your receipt and kitchen printers.',
};

/** The list: the stored fields, and each printer's connection with its cloud printer's state. */
const configOf = (statuses: Statuses, onCloud: (row: Row) => void): EntityConfig<Row> => ({
  ...baseConfig,
  columns: [
    { header: 'Name', primary: true, cell: (row) => row.name },
    { header: 'Model', cell: (row) => row.model },
    {
      header: 'IP',
      cell: (row) =>
        isCloudConnection(row.connection)
          ? 'Cloud'
          : row.ipSetup === 'Static'
            ? text(row.ipAddress)
            : 'Dynamic',
    },
    {
      header: 'Connection',
      cell: (row) => (
        <ConnectionCell
          connection={row.connection}
          status={statuses?.find((status) => status.printerId === row.printerId)}
        />
      ),
    },
    { header: 'Paper', cell: (row) => row.paperWidth, hideOnMobile: true },
    { header: 'Cash drawer', cell: (row) => row.hasCashDrawer, hideOnMobile: true },
  ],
  rowActions: (row) =>
    isCloudConnection(row.connection) ? (
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Cloud setup of ${row.name}`}
        onClick={() => onCloud(row)}
      >
        Cloud setup
      </Button>
    ) : null,
});

export default function PrintersScreen() {
  const statuses = usePrinterConnections();
  const [cloud, setCloud] = useState<number | null>(null);
  const status = statuses.data?.find((entry) => entry.printerId === cloud) ?? null;
  return (
    <>
      <EntityScreen config={configOf(statuses.data, (row) => setCloud(row.printerId))} />
      <CloudConnectionDialog status={status} onClose={() => setCloud(null)} />
    </>
  );
}
