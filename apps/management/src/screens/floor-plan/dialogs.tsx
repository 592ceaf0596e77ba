import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { TABLE_SHAPES, type TableShape } from '@brigade/domain/pos/floor';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { type FormEvent, useId, useState } from 'react';
import { type Room, type Table, useFloorWrites } from './queries';

type Errors = Record<string, string>;

/** The server's field messages by field (its own words), or the whole message under ''. */
function errorsOf(error: unknown): Errors {
  if (error instanceof ProblemError && error.errors.length > 0)
    return Object.fromEntries(error.errors.map((e) => [e.path.replace(/^body\./, ''), e.message]));
  return { '': errorMessage(error) };
}

export function RoomDialog({ room, onDone }: { room: Room | null; onDone: () => void }) {
  const { saveRoom } = useFloorWrites();
  const toast = useToast();
  const [name, setName] = useState(room?.name ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveRoom.mutate(
      { roomId: room?.roomId, body: { name, position: room?.position ?? 0 } },
      {
        onSuccess: () => {
          toast.success(room ? 'Room renamed' : `${name.trim()} added`);
          onDone();
        },
        onError: (error) => setErrors(errorsOf(error)),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={onDone}
      title={room ? `Rename ${room.name}` : 'Add a dining room'}
      footer={
        <>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saveRoom.isPending} loadingText="Saving...">
            {room ? 'Save room' : 'Add room'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label="Room name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        {errors[''] && (
          <p className="ui-field__error" role="alert">
            {errors['']}
          </p>
        )}
      </form>
    </Dialog>
  );
}

const SHAPE_LABELS: Record<TableShape, string> = { square: 'Square', round: 'Round', rectangle: 'Rectangle' };

/** A table: name, seats, shape, room, and its place as x and y (0–100, percent of the room). */
export function TableDialog(props: {
  table: Table | null;
  roomId: number;
  rooms: Room[];
  onDone: () => void;
}) {
  const { table, onDone } = props;
  const { saveTable } = useFloorWrites();
  const toast = useToast();
  const [values, setValues] = useState({
    roomId: table?.roomId ?? props.roomId,
    name: table?.name ?? '',
    seats: String(table?.seats ?? 4),
    shape: (table?.shape ?? 'square') as TableShape,
    x: String(table?.x ?? 10),
    y: String(table?.y ?? 10),
  });
  const [errors, setErrors] = useState<Errors>({});
  const formId = useId();
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: field === 'roomId' ? Number(value) : value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, seats: whole(values.seats), x: whole(values.x), y: whole(values.y) };
    saveTable.mutate(
      { tableId: table?.tableId, body },
      {
        onSuccess: () => {
          toast.success(table ? `${values.name.trim()} saved` : `${values.name.trim()} added`);
          onDone();
        },
        onError: (error) => setErrors(errorsOf(error)),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={onDone}
      title={table ? `Edit ${table.name}` : 'Add a table'}
      footer={
        <>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saveTable.isPending} loadingText="Saving...">
            {table ? 'Save table' : 'Add table'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="floor-plan__form">
        <TableFields values={values} set={set} errors={errors} rooms={props.rooms} />
      </form>
    </Dialog>
  );
}

type TableValues = { roomId: number; name: string; seats: string; shape: TableShape; x: string; y: string };

function TableFields(props: {
  values: TableValues;
  set: (field: keyof TableValues) => (value: string) => void;
  errors: Errors;
  rooms: Room[];
}) {
  const { values, set, errors } = props;
  return (
    <>
      <TextField
        label="Table name"
        value={values.name}
        onChange={(e) => set('name')(e.target.value)}
        error={errors.name}
      />
      <TextField
        label="Seats"
        inputMode="numeric"
        value={values.seats}
        onChange={(e) => set('seats')(e.target.value)}
        error={errors.seats}
      />
      <NativeSelect
        label="Shape"
        value={values.shape}
        options={TABLE_SHAPES.map((shape) => ({ value: shape, label: SHAPE_LABELS[shape] }))}
        onChange={set('shape')}
        error={errors.shape}
      />
      <NativeSelect
        label="Room"
        value={String(values.roomId)}
        options={props.rooms.map((room) => ({ value: String(room.roomId), label: room.name }))}
        onChange={set('roomId')}
        error={errors.roomId}
      />
      <TextField
        label="Across (x, 0–100)"
        hint="Percent of the room's width from its left edge"
        inputMode="numeric"
        value={values.x}
        onChange={(e) => set('x')(e.target.value)}
        error={errors.x}
      />
      <TextField
        label="Down (y, 0–100)"
        hint="Percent of the room's depth from its top edge"
        inputMode="numeric"
        value={values.y}
        onChange={(e) => set('y')(e.target.value)}
        error={errors.y}
      />
      {errors[''] && (
        <p className="ui-field__error" role="alert">
          {errors['']}
        </p>
      )}
    </>
  );
}

function NativeSelect(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className="ui-field__input"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {props.error && (
        <p className="ui-field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
