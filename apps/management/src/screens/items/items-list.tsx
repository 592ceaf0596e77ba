import { loadError } from '@brigade/api-client/query-defaults';
import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { buttonClass } from '@brigade/ui/components/button';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  type ItemRecord,
  itemEndpoints,
  useItems,
  useMenuGroups,
  useTags,
} from '../../catalogue-kit/catalogue-api';
import { CHANNEL_FIELDS } from '../../catalogue-kit/channels-section';
import { useMoney } from '../../components/money';
import { useCan } from '../../restaurant-context';
import { ItemBulkBar } from './item-bulk-bar';
import { filterItems, type ItemFilter, type ItemStatusFilter, priceSummary } from './item-form';
import { SelectAll, useItemSelection } from './item-selection';
import { ItemThumbnail } from './item-thumbnail';
import { SoldOutToggle, useSoldOut } from './sold-out-toggle';

const STATUS_OPTIONS: [ItemStatusFilter, string][] = [
  ['all', 'All channels'],
  ['pos', 'On POS'],
  ['kiosk', 'On kiosk'],
  ['onlineOrdering', 'Online ordering'],
  ['hidden', 'On no channel'],
];

/** The items: search (name, POS name, PLU, SKU, number) and filters by menu group, tag and channel. */
export function ItemsList() {
  const items = useItems();
  const groups = useMenuGroups();
  const canCreate = useCan(itemEndpoints.create);
  const [filter, setFilter] = useState<ItemFilter>({
    search: '',
    menuGroupId: null,
    tagId: null,
    status: 'all',
  });
  const selection = useItemSelection(items.data);
  const columns = useItemColumns(selection.column);

  const rows = useMemo(() => {
    if (!items.data) return undefined;
    const itemIdsOf = (menuGroupId: number) =>
      new Set(groups.data?.find((g) => g.menuGroupId === menuGroupId)?.items.map((r) => r.itemId) ?? []);
    return filterItems(items.data, filter, itemIdsOf).sort((a, b) => a.name.localeCompare(b.name));
  }, [items.data, groups.data, filter]);

  const filtering =
    filter.search.trim() !== '' ||
    filter.menuGroupId !== null ||
    filter.tagId !== null ||
    filter.status !== 'all';
  const newItem = canCreate && (
    <Link className={buttonClass('primary')} to="/items/new">
      New item
    </Link>
  );
  return (
    <div className="cat-page">
      <PageHeader
        title="Items"
        description="Everything the restaurant sells. Items are put on menus in the menu builder."
        actions={newItem}
      />
      <DataTable
        label="Items"
        rows={rows}
        columns={columns}
        rowKey={(item) => item.itemId}
        isLoading={items.isPending}
        error={loadError(items)}
        onRetry={() => void items.refetch()}
        search={{
          value: filter.search,
          onChange: (search) => setFilter((f) => ({ ...f, search })),
          placeholder: 'Search by name, PLU or SKU',
        }}
        toolbar={
          <>
            <ItemFilters filter={filter} onChange={(change) => setFilter((f) => ({ ...f, ...change }))} />
            {selection.enabled && rows && rows.length > 0 && <SelectAll rows={rows} selection={selection} />}
          </>
        }
        empty={
          filtering
            ? { title: 'No matching items', message: 'No item matches these filters.' }
            : {
                title: 'No items yet',
                message: canCreate
                  ? 'Create the dishes and drinks you sell.'
                  : 'No items have been created yet.',
                actions: newItem,
              }
        }
      />
      {selection.enabled && selection.selected.length > 0 && (
        <ItemBulkBar selected={selection.selected} onClear={selection.clear} />
      )}
    </div>
  );
}

/** The list's columns: a tick box (bulk edit), photo, name, price, menu groups, channels, the "86" switch, tags. */
function useItemColumns(select: Column<ItemRecord>[]): Column<ItemRecord>[] {
  const groups = useMenuGroups();
  const tags = useTags();
  const money = useMoney();
  const groupsOfItem = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const group of groups.data ?? [])
      for (const ref of group.items) map.set(ref.itemId, [...(map.get(ref.itemId) ?? []), group.name]);
    return map;
  }, [groups.data]);
  const tagNames = useMemo(() => new Map((tags.data ?? []).map((t) => [t.tagId, t.name])), [tags.data]);
  const soldOut = useSoldOut();
  return [
    ...select,
    {
      header: 'Photo',
      hideOnMobile: true,
      cell: (item) => <ItemThumbnail imageUrl={item.imageUrl} />,
    },
    { header: 'Name', primary: true, cell: (item) => <Link to={`/items/${item.itemId}`}>{item.name}</Link> },
    { header: 'Price', align: 'end', cell: (item) => priceSummary(item, money) },
    {
      header: 'Menu groups',
      hideOnMobile: true,
      cell: (item) => groupsOfItem.get(item.itemId)?.join(', ') || <span className="ui-muted">None</span>,
    },
    {
      header: 'Channels',
      cell: (item) => {
        const on = CHANNEL_FIELDS.filter(([field]) => item[field]);
        if (on.length === CHANNEL_FIELDS.length) return 'All';
        if (on.length === 0) return <Badge tone="warning">None</Badge>;
        return on.map(([, label]) => label).join(', ');
      },
    },
    ...(soldOut.allowed
      ? [
          {
            header: 'Sold out',
            cell: (item: ItemRecord) => (
              <SoldOutToggle
                itemId={item.itemId}
                name={item.name}
                soldOut={soldOut.soldOut.has(item.itemId)}
              />
            ),
          },
        ]
      : []),
    {
      header: 'Tags',
      hideOnMobile: true,
      cell: (item) => (
        <span className="cat-badges">
          {item.tagIds
            .map((id) => tagNames.get(id))
            .filter(Boolean)
            .map((name) => (
              <Badge key={name}>{name}</Badge>
            ))}
        </span>
      ),
    },
  ];
}

/** The filters beside the search: menu group, tag and channel. */
function ItemFilters({
  filter,
  onChange,
}: {
  filter: ItemFilter;
  onChange: (change: Partial<ItemFilter>) => void;
}) {
  const groups = useMenuGroups();
  const tags = useTags();
  const idOrNull = (value: string) => (value ? Number(value) : null);
  return (
    <div className="cat-filters">
      <FilterSelect
        label="Menu group"
        value={filter.menuGroupId ?? ''}
        onChange={(value) => onChange({ menuGroupId: idOrNull(value) })}
        options={[
          ['', 'All menu groups'],
          ...(groups.data ?? []).map((g): [number, string] => [g.menuGroupId, g.name]),
        ]}
      />
      <FilterSelect
        label="Tag"
        value={filter.tagId ?? ''}
        onChange={(value) => onChange({ tagId: idOrNull(value) })}
        options={[['', 'All tags'], ...(tags.data ?? []).map((t): [number, string] => [t.tagId, t.name])]}
      />
      <FilterSelect
        label="Channel"
        value={filter.status}
        onChange={(value) => onChange({ status: value as ItemStatusFilter })}
        options={STATUS_OPTIONS}
      />
    </div>
  );
}

/** A select with a visually hidden label; `options` are [value, label] pairs. */
function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  options: readonly (readonly [string | number, string])[];
}) {
  const id = useId();
  return (
    <>
      <label className="ui-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="ui-field__input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </>
  );
}
