import { errorMessage } from '@brigade/api-client/problem-error';
import { minutesSeated } from '@brigade/domain/pos/floor';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { LoadingView } from '@brigade/ui/components/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { checksKey, type FloorData, floorKey, openCheck, useFloor, useOpenChecks } from '../check-queries';
import { useRegisterContext } from '../register/context';

type Table = FloorData['rooms'][number]['tables'][number];

/**
 * The floor (issue 46 item 2): each dining room's tables where management placed them — free, or seated
 * with the open check's total, minutes since it was opened and lines not sent yet — and the open tabs that
 * sit at no table. Tapping a free table opens its check; a seated one, the check it has.
 */
export function TablesScreen() {
  const { scope, device, offline } = useRegisterContext();
  const floor = useFloor(scope, device.token);
  const checks = useOpenChecks(scope, device.token);
  const open = useOpen();
  if (floor.isPending) return <LoadingView message="Reading the floor..." />;
  if (floor.isError)
    return (
      <ErrorView
        level={1}
        title="The floor could not be read"
        message={errorMessage(floor.error)}
        actions={<Button onClick={() => void floor.refetch()}>Try Again</Button>}
      />
    );
  const tabs = (checks.data ?? []).filter((check) => check.tableId === null);
  const choosing = floor.data.rooms.flatMap((room) => room.tables).find((t) => t.tableId === open.choosing);
  return (
    <main className="pos-floor">
      <h1 className="pos-floor__title">Tables</h1>
      {open.problem && (
        <p className="ui-alert" role="alert">
          {open.problem}
        </p>
      )}
      {floor.data.rooms.length === 0 && (
        <EmptyState
          title="No tables yet"
          message="Add dining rooms and tables in the management app (Kitchen & front of house → Floor plan)."
        />
      )}
      {floor.data.rooms.map((room) => (
        <section key={room.roomId} className="pos-floor__room" aria-label={room.name}>
          <h2 className="pos-floor__room-name">{room.name}</h2>
          <div className="pos-floor__plan">
            {room.tables.map((table) => (
              <TableButton
                key={table.tableId}
                table={table}
                disabled={offline || open.busy}
                onOpen={() => void open.seat(table)}
              />
            ))}
          </div>
        </section>
      ))}
      {choosing && (
        <TableChecksDialog
          table={choosing}
          onClose={() => open.choose(null)}
          onNew={() => void open.openAt(choosing.tableId)}
        />
      )}
      <section className="pos-floor__tabs" aria-label="Tabs and counter orders">
        <h2 className="pos-floor__room-name">Tabs and counter orders</h2>
        <NewTab disabled={offline || open.busy} onOpen={(name) => void open.tab(name)} />
        {tabs.length > 0 && (
          <ul className="pos-floor__tab-list">
            {tabs.map((check) => (
              <li key={check.orderId}>
                <TabButton check={check} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/** Opens a check (on a table, or a named tab) once per tap, then shows it. */
function useOpen() {
  const { scope, device } = useRegisterContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<number | null>(null);
  const run = async (body: { tableId?: number; guestName?: string }) => {
    setBusy(true);
    setProblem(null);
    try {
      const check = await openCheck(scope, device.token, body, crypto.randomUUID());
      void queryClient.invalidateQueries({ queryKey: floorKey(scope) });
      void queryClient.invalidateQueries({ queryKey: checksKey(scope) });
      navigate(`/checks/${check.orderId}`);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    problem,
    choosing,
    choose: setChoosing,
    openAt: (tableId: number) => run({ tableId }),
    // a table split into several checks asks which one (decision 056)
    seat: (table: Table) =>
      table.checks.length > 1
        ? setChoosing(table.tableId)
        : table.check
          ? navigate(`/checks/${table.check.orderId}`)
          : run({ tableId: table.tableId }),
    tab: (name: string) => run(name ? { guestName: name } : {}),
  };
}

function TableButton(props: { table: Table; disabled: boolean; onOpen: () => void }) {
  const { money } = useRegisterContext();
  const { table } = props;
  const check = table.check;
  // the plan is a 0–100 grid of the room; a narrow screen lists the tables instead (register.css)
  const place = { '--x': `${table.x}%`, '--y': `${table.y}%` } as CSSProperties;
  const minutes = check ? minutesSeated(new Date(check.seatedAt), new Date()) : 0;
  return (
    <button
      type="button"
      className="pos-table"
      data-shape={table.shape}
      data-state={table.state}
      style={place}
      disabled={props.disabled && !check}
      onClick={props.onOpen}
    >
      <span className="pos-table__name">{table.name}</span>
      {check ? (
        <>
          <span className="pos-table__total">
            {table.checks.length > 1
              ? `${table.checks.length} checks · ${money(table.checks.reduce((n, c) => n + c.total, 0))}`
              : money(check.total)}
          </span>
          <span className="pos-table__meta">
            {minutes} min{check.unsent > 0 ? ` · ${check.unsent} to send` : ''}
          </span>
        </>
      ) : (
        <span className="pos-table__meta">Free · {table.seats} seats</span>
      )}
    </button>
  );
}

function TabButton({
  check,
}: {
  check: {
    orderId: number;
    number: number;
    channel: 'pos' | 'kiosk';
    guestName: string | null;
    totals: { total: number };
  };
}) {
  const { money } = useRegisterContext();
  const navigate = useNavigate();
  return (
    <button type="button" className="pos-tab-check" onClick={() => navigate(`/checks/${check.orderId}`)}>
      <span>
        #{check.number} · {check.guestName ?? 'Counter'}
        {check.channel === 'kiosk' && (
          <span className="pos-tab-check__kiosk" title="Placed at a self-order kiosk">
            Kiosk
          </span>
        )}
      </span>
      <span className="pos-tab-check__total">{money(check.totals.total)}</span>
    </button>
  );
}

function NewTab(props: { disabled: boolean; onOpen: (name: string) => void }) {
  const [name, setName] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onOpen(name.trim());
    setName('');
  };
  return (
    <form className="pos-floor__new-tab" onSubmit={submit}>
      <label htmlFor={id} className="ui-visually-hidden">
        Name of the tab (optional)
      </label>
      <input
        id={id}
        className="ui-field__input"
        placeholder="Name of the tab (optional)"
        maxLength={60}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" size="lg" disabled={props.disabled}>
        Open a tab
      </Button>
    </form>
  );
}

/** The open checks of a table split into several, each opened with a tap, and a new one. */
function TableChecksDialog(props: { table: Table; onClose: () => void; onNew: () => void }) {
  const { money } = useRegisterContext();
  const navigate = useNavigate();
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={`${props.table.name}: open checks`}
      description="Choose a check."
    >
      <div className="pos-move">
        {props.table.checks.map((check) => (
          <button
            key={check.orderId}
            type="button"
            className="pos-option"
            onClick={() => navigate(`/checks/${check.orderId}`)}
          >
            #{check.number} · {money(check.total)}
            {check.serverName ? ` · ${check.serverName}` : ''}
            {check.unsent > 0 ? ` · ${check.unsent} to send` : ''}
          </button>
        ))}
        <button type="button" className="pos-option" onClick={props.onNew}>
          New check at {props.table.name}
        </button>
      </div>
    </Dialog>
  );
}
