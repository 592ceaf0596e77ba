import type { Jsonify } from '@brigade/api-client/client';
import { PREP_STATION_KIND, PRINTER_KIND } from '@brigade/domain/catalogue/kinds';
import { createPrepStationInputSchema, type PrepStation } from '@brigade/domain/catalogue/prep-station';
import type { Printer } from '@brigade/domain/catalogue/printer';
import { MultiSelectField, SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { useMemo } from 'react';
import { useCatalogueList } from '../../components/catalogue-queries';
import { text, yesNo } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';

type Row = Jsonify<PrepStation>;
type PrinterRow = Jsonify<Printer>;

function PrepStationFields({ row }: { row: Row | undefined }) {
  const stations = useCatalogueList<Row>(PREP_STATION_KIND);
  const printers = useCatalogueList<PrinterRow>(PRINTER_KIND);
  const otherStations = (stations.data ?? [])
    .filter((station) => station.prepStationId !== row?.prepStationId)
    .map((station) => ({ value: station.prepStationId, label: station.name }));
  const printerOptions = (printers.data ?? []).map((printer) => ({
    value: printer.printerId as number | null,
    label: printer.name,
  }));
  return (
    <>
      <FormRow>
        <TextField name="name" label="Name" autoFocus />
        <TextField name="number" label="Number" hint="Optional POS or display number" />
      </FormRow>
      <SelectField
        name="ticketPrinterId"
        label="Ticket printer"
        options={printerOptions}
        placeholder="No printer"
        emptyValue={null}
        hint={printers.isPending ? 'Loading printers...' : undefined}
      />
      <SelectField
        name="backupPrinterId"
        label="Backup printer"
        options={printerOptions}
        placeholder="No backup printer"
        emptyValue={null}
        hint="Takes the station's tickets when its ticket printer does not answer"
      />
      <MultiSelectField
        name="otherStationIds"
        label="Also send to stations"
        options={otherStations}
        emptyText="No other prep stations yet."
      />
      <SwitchField name="sendToExpediter" label="Send to expediter" />
      <SwitchField name="alwaysPrintTickets" label="Always print tickets" />
    </>
  );
}

const baseConfig: Omit<EntityConfig<Row>, 'columns'> = {
  kind: PREP_STATION_KIND,
  title: 'Prep stations',
  description: 'Where items are prepared (grill, fryer, bar). Tickets go to the station’s printer.',
  noun: 'prep station',
  schema: createPrepStationInputSchema,
  editable: [
    'number',
    'name',
    'sendToExpediter',
    'otherStationIds',
    'ticketPrinterId',
    'backupPrinterId',
    'alwaysPrintTickets',
  ],
  defaults: () => ({
    number: '',
    name: '',
    sendToExpediter: false,
    otherStationIds: [],
    ticketPrinterId: null,
    backupPrinterId: null,
    alwaysPrintTickets: false,
  }),
  toForm: (row) => ({
    number: row.number ?? '',
    name: row.name,
    sendToExpediter: row.sendToExpediter,
    otherStationIds: row.otherStationIds,
    ticketPrinterId: row.ticketPrinterId ?? null,
    backupPrinterId: row.backupPrinterId ?? null,
    alwaysPrintTickets: row.alwaysPrintTickets,
  }),
  renderFields: ({ row }) => <PrepStationFields row={row} />,
  searchText: (row) => [row.name, row.number],
  rowName: (row) => row.name,
  emptyMessage: 'Prep stations route kitchen tickets: add your grill, fryer or bar.',
};

export default function PrepStationsScreen() {
  const printers = useCatalogueList<PrinterRow>(PRINTER_KIND);
  const config = useMemo<EntityConfig<Row>>(() => {
    const printerName = new Map((printers.data ?? []).map((printer) => [printer.printerId, printer.name]));
    return {
      ...baseConfig,
      columns: [
        { header: 'Name', primary: true, cell: (row) => row.name },
        {
          header: 'Ticket printer',
          cell: (row) =>
            text(
              row.ticketPrinterId
                ? (printerName.get(row.ticketPrinterId) ?? `#${row.ticketPrinterId}`)
                : null,
            ),
        },
        { header: 'Number', cell: (row) => text(row.number), hideOnMobile: true },
        { header: 'Expediter', cell: (row) => yesNo(row.sendToExpediter) },
        { header: 'Always print', cell: (row) => yesNo(row.alwaysPrintTickets), hideOnMobile: true },
      ],
    };
  }, [printers.data]);
  return <EntityScreen config={config} />;
}
