import { errorMessage } from '@brigade/api-client/problem-error';
import type { MenuShare } from '@brigade/domain/catalogue/menu-share';
import { Badge } from '@brigade/ui/app-kit/badge';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { FieldFrame } from '@brigade/ui/app-kit/field-frame';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useMyRestaurants } from '@brigade/ui/lib/queries';
import { useId, useState } from 'react';
import { useCurrentRestaurant } from '../../restaurant-context';
import { useMenuShares, usePublishMenu, useShareMenu, useUnlinkShare } from './share-api';
import { ShareOverrides } from './share-overrides';
import { useMenusOf } from './transfer-api';

const OVERWRITE_NOTE =
  'A location can still edit its copy, but each publish overwrites it with the master menu, except the prices and availability the location set for itself.';

/**
 * Shares one of this restaurant's menus with other restaurants of the organization (decision 074), and lists
 * the shares this restaurant takes part in: as master (publish, unlink) or as location (its own prices and
 * availability, unlink).
 */
export function ShareMenuCard() {
  const { tenantId, restaurantId, restaurantName } = useCurrentRestaurant();
  const restaurants = useMyRestaurants(tenantId);
  const others = (restaurants.data ?? []).filter((r) => r.restaurantId !== restaurantId);
  return (
    <Card
      title="Share a menu with other locations"
      description={`One master menu at ${restaurantName}, kept in step at your other restaurants: each gets a copy that "Publish changes" brings up to date. ${OVERWRITE_NOTE}`}
    >
      {restaurants.isSuccess && others.length === 0 ? (
        <p className="transfer__note">Your organization has no other restaurant to share with.</p>
      ) : (
        <ShareForm others={others} loading={restaurants.isPending} />
      )}
      <ShareList />
    </Card>
  );
}

function ShareForm({
  others,
  loading,
}: {
  others: { restaurantId: number; name: string }[];
  loading: boolean;
}) {
  const { restaurantId } = useCurrentRestaurant();
  const menus = useMenusOf(restaurantId);
  const [menuGroupId, setMenuGroupId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const share = useShareMenu();
  return (
    <>
      <div className="transfer__fields">
        <PickOne
          label="Menu to share"
          value={menuGroupId}
          options={(menus.data ?? []).map((menu) => ({ id: menu.menuGroupId, name: menu.name }))}
          placeholder={menus.isPending ? 'Loading...' : menus.data?.length === 0 ? 'No menus' : 'Choose...'}
          disabled={!menus.isSuccess}
          error={menus.isError ? errorMessage(menus.error) : undefined}
          onChange={(id) => {
            setMenuGroupId(id);
            share.reset();
          }}
        />
        <PickOne
          label="Share with"
          value={locationId}
          options={others.map((r) => ({ id: r.restaurantId, name: r.name }))}
          placeholder={loading ? 'Loading...' : 'Choose...'}
          onChange={(id) => {
            setLocationId(id);
            share.reset();
          }}
        />
      </div>
      <div className="transfer__actions">
        <Button
          disabled={menuGroupId === null || locationId === null}
          loading={share.isPending}
          loadingText="Sharing..."
          onClick={() =>
            menuGroupId !== null && locationId !== null && share.mutate({ locationId, menuGroupId })
          }
        >
          Share
        </Button>
      </div>
      {share.isError && <Alert title="The menu was not shared">{errorMessage(share.error)}</Alert>}
      {share.isSuccess && (
        <Alert tone="success" title="Menu shared">
          {share.data.menuName} is now on the menu at {share.data.restaurantName}.
        </Alert>
      )}
    </>
  );
}

/** A select of records by id; the empty choice is null. */
function PickOne(props: {
  label: string;
  value: number | null;
  options: { id: number; name: string }[];
  placeholder: string;
  disabled?: boolean;
  error?: string | undefined;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={props.label} error={props.error}>
      <select
        id={id}
        className="ui-field__input"
        value={props.value ?? ''}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

const when = (value: string | null) =>
  value ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'never';

function ShareList() {
  const shares = useMenuShares();
  if (shares.isPending) return <SkeletonRows count={2} label="Loading shared menus" />;
  if (shares.isError)
    return <Alert title="Could not load the shared menus">{errorMessage(shares.error)}</Alert>;
  if (shares.data.length === 0)
    return (
      <p className="transfer__note">No menu of this restaurant is shared, and none is shared with it.</p>
    );
  return (
    <section className="transfer__preview" aria-labelledby="shares-heading">
      <h3 id="shares-heading" className="transfer__heading">
        Shared menus
      </h3>
      <ul className="share-list">
        {shares.data.map((share) => (
          <ShareRow key={share.shareId} share={share} />
        ))}
      </ul>
    </section>
  );
}

function ShareRow({ share }: { share: MenuShare }) {
  const { restaurantId } = useCurrentRestaurant();
  const isMaster = share.masterRestaurantId === restaurantId;
  const [open, setOpen] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const publish = usePublishMenu();
  const unlink = useUnlinkShare();
  const panelId = useId();
  const menu = share.menuName ?? 'A deleted menu';
  return (
    <li className="share-list__row">
      <div className="share-list__head">
        <ShareSummary share={share} menu={menu} isMaster={isMaster} />
        <div className="share-list__actions">
          {isMaster ? (
            <Button
              size="sm"
              loading={publish.isPending}
              loadingText="Publishing..."
              onClick={() => publish.mutate(share.masterMenuGroupId)}
            >
              Publish changes
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide prices' : 'Prices and availability'}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setUnlinking(true)}>
            Unlink
          </Button>
        </div>
      </div>
      {publish.isError && <Alert title="Nothing was published">{errorMessage(publish.error)}</Alert>}
      {publish.isSuccess && (
        <Alert tone="success" title="Changes published">
          {menu} is up to date at{' '}
          {publish.data.locations.length === 1 ? '1 location' : `${publish.data.locations.length} locations`}.
        </Alert>
      )}
      {open && !isMaster && (
        <div id={panelId}>
          <ShareOverrides shareId={share.shareId} />
        </div>
      )}
      <ConfirmDialog
        open={unlinking}
        title={`Unlink ${menu}?`}
        message={`${share.restaurantName} keeps its copy as a menu of its own, with the prices it has now; publishing no longer changes it.`}
        confirmLabel="Unlink"
        pendingLabel="Unlinking..."
        destructive
        pending={unlink.isPending}
        error={unlink.isError ? errorMessage(unlink.error) : null}
        onConfirm={() => unlink.mutate(share.shareId, { onSuccess: () => setUnlinking(false) })}
        onCancel={() => {
          unlink.reset();
          setUnlinking(false);
        }}
      />
    </li>
  );
}

function ShareSummary({ share, menu, isMaster }: { share: MenuShare; menu: string; isMaster: boolean }) {
  return (
    <div className="share-list__what">
      <strong>{menu}</strong>{' '}
      {isMaster ? (
        <span>shared with {share.restaurantName}</span>
      ) : (
        <span>from {share.masterRestaurantName}</span>
      )}{' '}
      <Badge tone={isMaster ? 'brand' : 'info'}>{isMaster ? 'Master' : 'Location'}</Badge>
      <div className="transfer__note">
        Published {when(share.publishedAt)} ·{' '}
        {share.overrides === 1 ? '1 override' : `${share.overrides} overrides`} at {share.restaurantName}
      </div>
    </div>
  );
}
