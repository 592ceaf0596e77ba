import { errorMessage } from '@brigade/api-client/problem-error';
import { useToast } from '@brigade/ui/app-kit/toast';
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { type Room, type Table, useFloorWrites } from './queries';

/** The plan's grid is 0–100 each way; a table's box starts at 86% across and 80% down at most (the CSS). */
const ACROSS = 0.86;
const DOWN = 0.8;
const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/** Where the arrow keys move a table: 5 at a time, 1 with Shift; null for any other key. */
function arrowMove(table: Table, event: KeyboardEvent): { x: number; y: number } | null {
  const step = event.shiftKey ? 1 : 5;
  const delta: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = delta[event.key];
  return move ? { x: clamp(table.x + move[0]), y: clamp(table.y + move[1]) } : null;
}

/**
 * A room drawn as the registers draw it, where a manager drags a table to its place (or moves the focused
 * table with the arrow keys, 5 at a time, 1 with Shift). The new place is saved when the drag ends.
 */
export function PlanEditor({ room, canEdit }: { room: Room; canEdit: boolean }) {
  const { saveTable } = useFloorWrites();
  const toast = useToast();
  const plan = useRef<HTMLFieldSetElement>(null);
  const [moving, setMoving] = useState<{ tableId: number; x: number; y: number } | null>(null);
  // where on the table it was taken (the table keeps that point under the pointer, it does not jump)
  const grab = useRef({ x: 0, y: 0 });
  const save = (table: Table, x: number, y: number) =>
    saveTable.mutate(
      {
        tableId: table.tableId,
        body: { roomId: table.roomId, name: table.name, seats: table.seats, shape: table.shape, x, y },
      },
      {
        onSuccess: () => setMoving(null),
        onError: (error) => {
          setMoving(null);
          toast.error(errorMessage(error));
        },
      },
    );
  const pointAt = (event: PointerEvent) => {
    const box = plan.current!.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width / ACROSS) * 100,
      y: ((event.clientY - box.top) / box.height / DOWN) * 100,
    };
  };
  const placeOf = (event: PointerEvent) => {
    const point = pointAt(event);
    return { x: clamp(point.x - grab.current.x), y: clamp(point.y - grab.current.y) };
  };
  const keyMove = (table: Table, event: KeyboardEvent) => {
    const to = arrowMove(table, event);
    if (!to || !canEdit) return;
    event.preventDefault();
    save(table, to.x, to.y);
  };
  return (
    <fieldset className="floor-plan__plan" ref={plan} aria-label={`Plan of ${room.name}`}>
      {room.tables.map((table) => {
        const at = moving?.tableId === table.tableId ? moving : table;
        return (
          <button
            key={table.tableId}
            type="button"
            className="floor-plan__table"
            data-shape={table.shape}
            data-moving={moving?.tableId === table.tableId ? 'true' : undefined}
            style={{ '--x': `${at.x}%`, '--y': `${at.y}%` } as CSSProperties}
            aria-label={`${table.name}, across ${at.x}, down ${at.y}${canEdit ? ': drag it, or move it with the arrow keys' : ''}`}
            disabled={!canEdit}
            onKeyDown={(event) => keyMove(table, event)}
            onPointerDown={(event) => {
              if (!canEdit) return;
              event.currentTarget.setPointerCapture(event.pointerId);
              const point = pointAt(event);
              grab.current = { x: point.x - table.x, y: point.y - table.y };
              setMoving({ tableId: table.tableId, x: table.x, y: table.y });
            }}
            onPointerMove={(event) => {
              if (moving?.tableId === table.tableId) setMoving({ tableId: table.tableId, ...placeOf(event) });
            }}
            onPointerUp={() => {
              if (moving?.tableId === table.tableId) save(table, moving.x, moving.y);
            }}
          >
            {table.name}
          </button>
        );
      })}
    </fieldset>
  );
}
