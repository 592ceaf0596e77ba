import { errorMessage, isProblemError } from '@brigade/api-client/problem-error';
import type { MenuShareItem } from '@brigade/domain/catalogue/menu-share';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Checkbox } from '@brigade/ui/components/checkbox';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { TextField } from '@brigade/ui/components/text-field';
import { useState } from 'react';
import { useMoney } from '../../components/money';
import { type MenuShareOverrideBody, useMenuShare, useOverride } from './share-api';

/**
 * A location's own prices and availability of the items of a menu shared with it: an empty price is the
 * master's; "Offered here" off takes the item off this location's menu. Each row saves on its own, at once.
 */
export function ShareOverrides({ shareId }: { shareId: number }) {
  const share = useMenuShare(shareId);
  if (share.isPending) return <SkeletonRows count={3} label="Loading the menu's items" />;
  if (share.isError)
    return <Alert title="Could not load the menu's items">{errorMessage(share.error)}</Alert>;
  const items = share.data.items.filter((item) => item.itemId !== null);
  if (items.length === 0) return <p className="transfer__note">The shared menu has no items.</p>;
  return (
    <ul className="share-items" aria-label={`Prices and availability at ${share.data.restaurantName}`}>
      {items.map((item) => (
        <OverrideRow key={item.masterItemId} shareId={shareId} item={item} />
      ))}
    </ul>
  );
}

/** What the inputs hold: one price per size for an item priced by size, else the base price. */
type Prices = Record<string, string>;

const BASE = '';

function pricesOf(item: MenuShareItem): Prices {
  if (item.pricingStrategy === 'size') {
    const own = new Map((item.sizePrice ?? []).map((size) => [size.name, size.price]));
    return Object.fromEntries(
      item.masterSizePrice.map((size) => [size.name, own.has(size.name) ? String(own.get(size.name)) : '']),
    );
  }
  return { [BASE]: item.basePrice === null ? '' : String(item.basePrice) };
}

/** The body to save: prices typed (empty = the master's), and the availability. */
function bodyOf(item: MenuShareItem, prices: Prices, offered: boolean): MenuShareOverrideBody {
  const available = offered ? null : false;
  if (item.pricingStrategy === 'size') {
    const sizes = Object.entries(prices)
      .filter(([, value]) => value.trim() !== '')
      .map(([name, value]) => ({ name, price: Number(value) }));
    return { sizePrice: sizes.length > 0 ? sizes : null, available };
  }
  const base = prices[BASE]?.trim() ?? '';
  return { basePrice: base === '' ? null : Number(base), available };
}

/** The inputs that hold something other than a number (the server would read them as no price). */
const notNumbers = (prices: Prices) =>
  Object.entries(prices)
    .filter(([, value]) => value.trim() !== '' && !Number.isFinite(Number(value)))
    .map(([name]) => name);

/** The server's field errors by input: `basePrice`, or `sizePrice.{n}.price` of the n-th size sent. */
function fieldErrorsOf(error: unknown, prices: Prices): Map<string, string> {
  const sent = Object.keys(prices).filter((name) => prices[name]!.trim() !== '');
  const byInput = new Map<string, string>();
  for (const { path, message } of isProblemError(error) ? error.errors : []) {
    const size = /^sizePrice\.(\d+)\./.exec(path);
    if (path === 'basePrice') byInput.set(BASE, message);
    else if (size) byInput.set(sent[Number(size[1])] ?? '', message);
  }
  return byInput;
}

function OverrideRow({ shareId, item }: { shareId: number; item: MenuShareItem }) {
  const money = useMoney();
  const override = useOverride(shareId);
  const [prices, setPrices] = useState<Prices>(() => pricesOf(item));
  const [offered, setOffered] = useState(item.available !== false);
  const [typo, setTypo] = useState<string[]>([]);
  const hasOverrides = item.basePrice !== null || item.sizePrice !== null || item.available !== null;
  const errors = fieldErrorsOf(override.error, prices);
  for (const name of typo) errors.set(name, 'Price must be a number');
  const save = () => {
    const wrong = notNumbers(prices);
    setTypo(wrong);
    if (wrong.length === 0) override.mutate({ itemId: item.itemId!, body: bodyOf(item, prices, offered) });
  };
  const clear = () =>
    override.mutate(
      { itemId: item.itemId!, body: null },
      {
        onSuccess: () => {
          setPrices(pricesOf({ ...item, basePrice: null, sizePrice: null }));
          setOffered(true);
        },
      },
    );
  const masterPrice = (name: string) =>
    name === BASE
      ? item.masterBasePrice === null
        ? 'no price'
        : money(item.masterBasePrice)
      : money(item.masterSizePrice.find((size) => size.name === name)?.price ?? 0);
  return (
    <li>
      <fieldset className="share-items__group">
        <legend className="share-items__name">{item.name}</legend>
        <div className="share-items__row">
          <div className="share-items__prices">
            {Object.keys(prices).map((name) => (
              <TextField
                key={name}
                label={name === BASE ? 'Price here' : `${name} here`}
                inputMode="decimal"
                value={prices[name]}
                placeholder={masterPrice(name)}
                hint={`Master: ${masterPrice(name)}`}
                error={errors.get(name)}
                onChange={(event) => setPrices({ ...prices, [name]: event.target.value })}
              />
            ))}
          </div>
          <Checkbox
            label="Offered here"
            checked={offered}
            onChange={(event) => setOffered(event.target.checked)}
          />
          <div className="share-items__actions">
            <Button size="sm" loading={override.isPending} loadingText="Saving..." onClick={save}>
              Save
            </Button>
            {hasOverrides && (
              <Button size="sm" variant="ghost" disabled={override.isPending} onClick={clear}>
                Use master's
              </Button>
            )}
          </div>
          {override.isError && errors.size === 0 && (
            <Alert title={`${item.name} was not saved`}>{errorMessage(override.error)}</Alert>
          )}
          {override.isSuccess && (
            <p className="transfer__note" role="status">
              Saved: {item.name} is {offered ? 'offered' : 'not offered'} here.
            </p>
          )}
        </div>
      </fieldset>
    </li>
  );
}
