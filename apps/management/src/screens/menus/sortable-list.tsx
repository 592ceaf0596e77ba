import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { GripIcon } from '../../catalogue-kit/ui';

export interface SortableEntry {
  id: string;
  label: string;
}

/**
 * A vertical list reordered by drag (pointer) or by keyboard: focus a row's handle, Space to pick it up,
 * arrows to move, Space to drop, Esc to cancel; each step is announced. `onMove(from, to)` gets indexes.
 */
export function SortableList({
  entries,
  onMove,
  disabled,
  renderRow,
  as: Tag = 'ul',
  className,
  label,
}: {
  entries: readonly SortableEntry[];
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
  renderRow: (entry: SortableEntry, index: number, handle: ReactNode) => ReactNode;
  as?: 'ul' | 'ol';
  className?: string;
  label: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => entries.find((e) => e.id === String(id))?.label ?? String(id);
  const indexOf = (id: string | number) => entries.findIndex((e) => e.id === String(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${indexOf(active.id) + 1} of ${entries.length}.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${nameOf(active.id)} is no longer over the list.`
        : over.id === active.id
          ? `${nameOf(active.id)} is at position ${indexOf(over.id) + 1} of ${entries.length}.`
          : `${nameOf(active.id)} moved to position ${indexOf(over.id) + 1} of ${entries.length}.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${indexOf(over.id) + 1} of ${entries.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To reorder ${label}, press Space or Enter to pick up, use the arrow keys to move, and press Space or Enter again to drop. Press Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={entries.map((e) => e.id)} strategy={verticalListSortingStrategy}>
        <Tag className={className} aria-label={label}>
          {entries.map((entry, index) => (
            <SortableRow key={entry.id} entry={entry} disabled={disabled}>
              {(handle) => renderRow(entry, index, handle)}
            </SortableRow>
          ))}
        </Tag>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  entry,
  disabled,
  children,
}: {
  entry: SortableEntry;
  disabled?: boolean | undefined;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: entry.id, disabled: disabled ?? false });
  const handle = disabled ? null : (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="cat-handle"
      aria-label={`Reorder ${entry.label}`}
      {...attributes}
      {...listeners}
    >
      <GripIcon />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className="cat-sortable"
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}
