import { errorMessage } from '@brigade/api-client/problem-error';
import { createDiningTable } from '@brigade/contracts/pos-checks';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { LoadingView } from '@brigade/ui/components/spinner';
import { useState } from 'react';
import { useCan } from '../../restaurant-context';
import { RoomDialog, TableDialog } from './dialogs';
import { PlanEditor } from './plan-editor';
import { type Room, type Table, useFloorWrites, useRooms } from './queries';
import './floor-plan.css';

/**
 * The floor plan (issue 46 item 2, docs/behaviour/pos.md#the-floor-plan): dining rooms and their tables —
 * name, seats, shape and place (x and y, percent of the room) — drawn as the registers draw them.
 */
export default function FloorPlanScreen() {
  const rooms = useRooms();
  const canEdit = useCan(createDiningTable);
  const [room, setRoom] = useState<Room | 'new' | null>(null);
  const [table, setTable] = useState<{ table: Table | null; roomId: number } | null>(null);
  const [deleting, setDeleting] = useState<
    { kind: 'room'; item: Room } | { kind: 'table'; item: Table } | null
  >(null);
  let body: React.ReactNode;
  if (rooms.isPending) body = <LoadingView message="Loading the floor plan..." />;
  else if (rooms.isError)
    body = (
      <ErrorView
        level={2}
        title="The floor plan could not be loaded"
        message={errorMessage(rooms.error)}
        actions={<Button onClick={() => void rooms.refetch()}>Try Again</Button>}
      />
    );
  else if (rooms.data.length === 0)
    body = (
      <EmptyState
        title="No dining rooms yet"
        message="Add a room, then its tables: the registers show them on their Tables screen."
        actions={canEdit ? <Button onClick={() => setRoom('new')}>Add room</Button> : undefined}
      />
    );
  else
    body = rooms.data.map((r) => (
      <RoomView
        key={r.roomId}
        room={r}
        canEdit={canEdit}
        onRename={() => setRoom(r)}
        onDelete={() => setDeleting({ kind: 'room', item: r })}
        onAddTable={() => setTable({ table: null, roomId: r.roomId })}
        onEditTable={(t) => setTable({ table: t, roomId: r.roomId })}
        onDeleteTable={(t) => setDeleting({ kind: 'table', item: t })}
      />
    ));
  return (
    <>
      <PageHeader
        title="Floor plan"
        description="Dining rooms and their tables, placed as the registers show them."
        actions={
          canEdit && rooms.data?.length ? <Button onClick={() => setRoom('new')}>Add room</Button> : undefined
        }
      />
      <div className="floor-plan">{body}</div>
      {room && <RoomDialog room={room === 'new' ? null : room} onDone={() => setRoom(null)} />}
      {table && (
        <TableDialog
          table={table.table}
          roomId={table.roomId}
          rooms={rooms.data ?? []}
          onDone={() => setTable(null)}
        />
      )}
      <DeleteDialog target={deleting} onDone={() => setDeleting(null)} />
    </>
  );
}

function RoomView(props: {
  room: Room;
  canEdit: boolean;
  onRename: () => void;
  onDelete: () => void;
  onAddTable: () => void;
  onEditTable: (table: Table) => void;
  onDeleteTable: (table: Table) => void;
}) {
  const { room } = props;
  return (
    <section className="floor-plan__room" aria-label={room.name}>
      <header className="floor-plan__room-head">
        <h2 className="floor-plan__room-name">{room.name}</h2>
        {props.canEdit && (
          <div className="floor-plan__room-actions">
            <Button onClick={props.onAddTable}>Add table</Button>
            <Button variant="secondary" onClick={props.onRename}>
              Rename
            </Button>
            <Button variant="secondary" onClick={props.onDelete} aria-label={`Delete ${room.name}`}>
              Delete
            </Button>
          </div>
        )}
      </header>
      <PlanEditor room={room} canEdit={props.canEdit} />
      {room.tables.length === 0 ? (
        <p className="floor-plan__none">No tables in this room yet.</p>
      ) : (
        <ul className="floor-plan__tables" aria-label={`Tables in ${room.name}`}>
          {room.tables.map((t) => (
            <li key={t.tableId} className="floor-plan__row">
              <span className="floor-plan__row-name">{t.name}</span>
              <span>
                {t.seats} seats · {t.shape} · x {t.x}, y {t.y}
              </span>
              {props.canEdit && (
                <span className="floor-plan__row-actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => props.onEditTable(t)}
                    aria-label={`Edit ${t.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => props.onDeleteTable(t)}
                    aria-label={`Delete ${t.name}`}
                  >
                    Delete
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeleteDialog(props: {
  target: { kind: 'room'; item: Room } | { kind: 'table'; item: Table } | null;
  onDone: () => void;
}) {
  const writes = useFloorWrites();
  const toast = useToast();
  const { target } = props;
  if (!target) return null;
  const remove = target.kind === 'room' ? writes.deleteRoom : writes.deleteTable;
  const id = target.kind === 'room' ? target.item.roomId : target.item.tableId;
  return (
    <ConfirmDialog
      open
      title={`Delete ${target.item.name}?`}
      message={target.kind === 'room' ? 'Its tables are deleted with it.' : 'The registers stop showing it.'}
      pending={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onCancel={() => {
        remove.reset();
        props.onDone();
      }}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            toast.success(`${target.item.name} deleted`);
            props.onDone();
          },
        })
      }
    />
  );
}
