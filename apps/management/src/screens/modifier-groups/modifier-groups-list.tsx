import { loadError } from '@brigade/api-client/query-defaults';
import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable, matchesSearch } from '@brigade/ui/app-kit/data-table';
import { formatPrice } from '@brigade/ui/app-kit/form-values';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { buttonClass } from '@brigade/ui/components/button';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  type ModifierGroupRecord,
  modifierGroupEndpoints,
  useItems,
  useModifierGroups,
} from '../../catalogue-kit/catalogue-api';
import { useCan } from '../../restaurant-context';
import { selectionSummary } from './modifier-group-form';

/** The modifier groups: pricing, selection bounds, modifiers and the items that use each. */
export function ModifierGroupsList() {
  const groups = useModifierGroups();
  const canCreate = useCan(modifierGroupEndpoints.create);
  const [search, setSearch] = useState('');
  const columns = useModifierGroupColumns();
  const rows = useMemo(
    () =>
      groups.data
        ?.filter((g) => matchesSearch(search, g.name, g.posName, ...g.modifiers.map((m) => m.name)))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [groups.data, search],
  );
  const newGroup = canCreate && (
    <Link className={buttonClass('primary')} to="/modifier-groups/new">
      New modifier group
    </Link>
  );
  return (
    <div className="cat-page">
      <PageHeader
        title="Modifier groups"
        description="Choices offered with items: sizes of sides, toppings, how it is cooked."
        actions={newGroup}
      />
      <DataTable
        label="Modifier groups"
        rows={rows}
        columns={columns}
        rowKey={(g) => g.modifierGroupId}
        isLoading={groups.isPending}
        error={loadError(groups)}
        onRetry={() => void groups.refetch()}
        search={{ value: search, onChange: setSearch, placeholder: 'Search groups and modifiers' }}
        empty={{
          title: 'No modifier groups yet',
          message: canCreate
            ? 'Create a group of choices, then add it to items.'
            : 'No modifier groups have been created yet.',
          actions: newGroup,
        }}
      />
    </div>
  );
}

/** The list's columns: name, pricing, selection, modifiers, and how many items use the group. */
function useModifierGroupColumns(): Column<ModifierGroupRecord>[] {
  const items = useItems();
  const usage = useMemo(() => {
    const map = new Map<number, number>();
    for (const item of items.data ?? [])
      for (const ref of item.modifierGroups)
        map.set(ref.modifierGroupId, (map.get(ref.modifierGroupId) ?? 0) + 1);
    return map;
  }, [items.data]);
  return [
    {
      header: 'Name',
      primary: true,
      cell: (g) => (
        <>
          <Link to={`/modifier-groups/${g.modifierGroupId}`}>{g.name}</Link>
          {!g.isActive && (
            <>
              {' '}
              <Badge tone="warning">Inactive</Badge>
            </>
          )}
        </>
      ),
    },
    {
      header: 'Pricing',
      cell: (g) => (g.pricingStrategy === 'Group' ? `Group ${formatPrice(g.groupPrice)}` : g.pricingStrategy),
    },
    {
      header: 'Selection',
      cell: (g) => `${g.selectionRequirement} · ${selectionSummary(g)}`,
    },
    {
      header: 'Modifiers',
      hideOnMobile: true,
      cell: (g) =>
        g.modifiers.length === 0 ? (
          <span className="ui-muted">None</span>
        ) : (
          g.modifiers.map((m) => m.name).join(', ')
        ),
    },
    {
      header: 'Used by',
      align: 'end',
      cell: (g) => {
        const count = usage.get(g.modifierGroupId) ?? 0;
        return `${count} ${count === 1 ? 'item' : 'items'}`;
      },
    },
  ];
}
