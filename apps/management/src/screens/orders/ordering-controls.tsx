import { errorMessage } from '@brigade/api-client/problem-error';
import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useId, useState } from 'react';
import { useItems } from '../../catalogue-kit/catalogue-api';
import { useCurrentRestaurant } from '../../restaurant-context';
import { useOrderingSettings, useSettingsWrites } from './orders-api';
import { timeOf } from './paths';

export const PAUSE_CHOICES = [15, 30, 60] as const;

/** Pause online ordering for some minutes (or resume it), and the sold-out ("86") list. */
export function OrderingControls() {
  const settings = useOrderingSettings();
  const writes = useSettingsWrites();
  const toast = useToast();
  const [soldOutOpen, setSoldOutOpen] = useState(false);
  const { timezone } = useCurrentRestaurant();
  const pausedUntil = settings.data?.pausedUntil ? new Date(settings.data.pausedUntil) : null;
  const paused = pausedUntil !== null && pausedUntil.getTime() > Date.now();
  const pause = async (minutes: number) => {
    try {
      await writes.pause.mutateAsync(minutes);
      toast.success(
        minutes === 0 ? 'Online ordering resumed' : `Online ordering paused for ${minutes} minutes`,
      );
    } catch (error) {
      toast.error(errorMessageOf(error, 'Could not change the pause'));
    }
  };
  const soldOutCount = settings.data?.soldOutItemIds.length ?? 0;
  return (
    <section
      className={`ord-controls${paused ? ' ord-controls--paused' : ''}`}
      aria-label="Ordering controls"
    >
      <p className="ord-controls__state" role="status">
        {settings.isPending
          ? 'Checking online ordering...'
          : paused
            ? `Online ordering is paused until ${timeOf(pausedUntil.toISOString(), timezone)}.`
            : 'Online ordering is taking orders.'}
      </p>
      <div className="ord-controls__buttons">
        {paused ? (
          <Button
            size="sm"
            onClick={() => void pause(0)}
            loading={writes.pause.isPending}
            loadingText="Resuming..."
          >
            Resume ordering
          </Button>
        ) : (
          PAUSE_CHOICES.map((minutes) => (
            <Button
              key={minutes}
              size="sm"
              variant="secondary"
              disabled={writes.pause.isPending || settings.isPending}
              onClick={() => void pause(minutes)}
            >
              Pause {minutes} min
            </Button>
          ))
        )}
        <Button size="sm" variant="secondary" onClick={() => setSoldOutOpen(true)}>
          Sold out (86){soldOutCount > 0 ? ` · ${soldOutCount}` : ''}
        </Button>
      </div>
      {soldOutOpen && <SoldOutDialog onClose={() => setSoldOutOpen(false)} />}
    </section>
  );
}

/** The menu's items with a "sold out" switch each, searchable by name. */
function SoldOutDialog({ onClose }: { onClose: () => void }) {
  const items = useItems();
  const settings = useOrderingSettings();
  const { soldOut } = useSettingsWrites();
  const toast = useToast();
  const searchId = useId();
  const [query, setQuery] = useState('');
  // what was just switched shows at once, before the server answers
  const [switched, setSwitched] = useState<ReadonlyMap<number, boolean>>(new Map());
  const stored = new Set(settings.data?.soldOutItemIds ?? []);
  const isSoldOut = (itemId: number) => switched.get(itemId) ?? stored.has(itemId);
  const toggle = async (itemId: number, name: string, next: boolean) => {
    setSwitched((current) => new Map(current).set(itemId, next));
    try {
      await soldOut.mutateAsync({ itemId, soldOut: next });
      toast.success(next ? `${name} is sold out` : `${name} is back`);
    } catch (error) {
      toast.error(errorMessageOf(error, 'Could not change the item'));
    } finally {
      setSwitched((current) => {
        const left = new Map(current);
        left.delete(itemId);
        return left;
      });
    }
  };
  let body: React.ReactNode;
  if (items.isPending) body = <SkeletonRows count={5} label="Loading the items" />;
  else if (items.isError)
    body = <ErrorView title="Could not load the items" message={errorMessage(items.error)} />;
  else {
    const needle = query.trim().toLowerCase();
    const shown = items.data.filter((item) => item.name.toLowerCase().includes(needle));
    body = shown.length ? (
      <ul className="ord-soldout">
        {shown.map((item) => (
          <li key={item.itemId} className="ord-soldout__row">
            <label className="ord-soldout__label">
              <input
                type="checkbox"
                className="ord-soldout__check"
                checked={isSoldOut(item.itemId)}
                onChange={(event) => void toggle(item.itemId, item.name, event.target.checked)}
              />
              <span>{item.name}</span>
              {isSoldOut(item.itemId) && <span className="ord-soldout__tag">86</span>}
            </label>
          </li>
        ))}
      </ul>
    ) : (
      <p className="pay-muted">No item matches “{query}”.</p>
    );
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Sold out items"
      description="Checked items cannot be ordered online until you uncheck them."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={searchId}>
          Search items
        </label>
        <input
          id={searchId}
          className="ui-field__input"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-autofocus
        />
      </div>
      {body}
    </Dialog>
  );
}
