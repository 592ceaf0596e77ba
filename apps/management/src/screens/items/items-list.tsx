import { buttonClass } from '@brigade/ui/components/button';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { type Column, DataTable } from '../../components/data-table';
import { useMoney } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../restaurant-context';
import { type ItemRecord, itemEndpoints, useItems, useMenuGroups, useTags } from '../menus/catalogue-api';
import {
  filterItems,
  ITEM_CHANNEL_FIELDS,
  type ItemFilter,
  type ItemStatusFilter,
  priceSummary,
} from './item-form';

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
  const tags = useTags();
  const canCreate = useCan(itemEndpoints.create);
  const [filter, setFilter] = useState<ItemFilter>({
    search: '',
    menuGroupId: null,
    tagId: null,
    status: 'all',
  });
  const ids = { group: useId(), tag: useId(), status: useId() };

  const groupsOfItem = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const group of groups.data ?? [])
      for (const ref of group.items) map.set(ref.itemId, [...(map.get(ref.itemId) ?? []), group.name]);
    return map;
  }, [groups.data]);
  const money = useMoney();
  const tagNames = useMemo(() => new Map((tags.data ?? []).map((t) => [t.tagId, t.name])), [tags.data]);

  const rows = useMemo(() => {
    if (!items.data) return undefined;
    const itemIdsOf = (menuGroupId: number) =>
      new Set(groups.data?.find((g) => g.menuGroupId === menuGroupId)?.items.map((r) => r.itemId) ?? []);
    return filterItems(items.data, filter, itemIdsOf).sort((a, b) => a.name.localeCompare(b.name));
  }, [items.data, groups.data, filter]);

  const columns: Column<ItemRecord>[] = [
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
        const on = ITEM_CHANNEL_FIELDS.filter(([field]) => item[field]);
        if (on.length === ITEM_CHANNEL_FIELDS.length) return 'All';
        if (on.length === 0) return <Badge tone="warning">None</Badge>;
        return on.map(([, label]) => label).join(', ');
      },
    },
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

  const filtering =
    filter.search.trim() !== '' ||
    filter.menuGroupId !== null ||
    filter.tagId !== null ||
    filter.status !== 'all';
  return (
    <div className="cat-page">
      <PageHeader
        title="Items"
        description="Everything the restaurant sells. Items are put on menus in the menu builder."
        actions={
          canCreate && (
            <Link className={buttonClass('primary')} to="/items/new">
              New item
            </Link>
          )
        }
      />
      <DataTable
        label="Items"
        rows={rows}
        columns={columns}
        rowKey={(item) => item.itemId}
        isLoading={items.isPending}
        error={items.error}
        onRetry={() => void items.refetch()}
        search={{
          value: filter.search,
          onChange: (search) => setFilter((f) => ({ ...f, search })),
          placeholder: 'Search by name, PLU or SKU',
        }}
        toolbar={
          <div className="cat-filters">
            <label className="ui-visually-hidden" htmlFor={ids.group}>
              Menu group
            </label>
            <select
              id={ids.group}
              className="ui-field__input"
              value={filter.menuGroupId ?? ''}
              onChange={(e) =>
                setFilter((f) => ({ ...f, menuGroupId: e.target.value ? Number(e.target.value) : null }))
              }
            >
              <option value="">All menu groups</option>
              {(groups.data ?? []).map((g) => (
                <option key={g.menuGroupId} value={g.menuGroupId}>
                  {g.name}
                </option>
              ))}
            </select>
            <label className="ui-visually-hidden" htmlFor={ids.tag}>
              Tag
            </label>
            <select
              id={ids.tag}
              className="ui-field__input"
              value={filter.tagId ?? ''}
              onChange={(e) =>
                setFilter((f) => ({ ...f, tagId: e.target.value ? Number(e.target.value) : null }))
              }
            >
              <option value="">All tags</option>
              {(tags.data ?? []).map((t) => (
                <option key={t.tagId} value={t.tagId}>
                  {t.name}
                </option>
              ))}
            </select>
            <label className="ui-visually-hidden" htmlFor={ids.status}>
              Channel
            </label>
            <select
              id={ids.status}
              className="ui-field__input"
              value={filter.status}
              onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as ItemStatusFilter }))}
            >
              {STATUS_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        }
        empty={
          filtering
            ? { title: 'No matching items', message: 'No item matches these filters.' }
            : {
                title: 'No items yet',
                message: canCreate
                  ? 'Create the dishes and drinks you sell.'
                  : 'No items have been created yet.',
                actions: canCreate && (
                  <Link className={buttonClass('primary')} to="/items/new">
                    New item
                  </Link>
                ),
              }
        }
      />
    </div>
  );
}
