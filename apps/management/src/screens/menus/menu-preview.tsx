import { loadError } from '@brigade/api-client/query-defaults';
import { MENU_CHANNELS, type MenuChannel } from '@brigade/domain/catalogue/menu-availability';
import { useId, useState } from 'react';
import { type ResolvedMenuRecord, useResolvedMenu } from '../../catalogue-kit/catalogue-api';
import { LoadState } from '../../catalogue-kit/ui';
import { useMoney } from '../../components/money';
import { priceSummary } from '../items/item-form';

const CHANNEL_LABELS: Record<MenuChannel, string> = {
  pos: 'POS',
  kiosk: 'Kiosk',
  onlineOrdering: 'Online ordering',
  partners: 'Partners',
  invoices: 'Invoices',
};

/** The resolved menu (GET …/menus/{id}) as diners' screens get it, for every channel or one. */
export function MenuPreview({ menuGroupId }: { menuGroupId: number }) {
  const [channel, setChannel] = useState<MenuChannel | null>(null);
  const selectId = useId();
  const menu = useResolvedMenu(menuGroupId, channel);
  return (
    <div className="cat-preview">
      <div className="cat-preview__bar">
        <h2 className="cat-preview__title">Preview</h2>
        <div className="ui-field cat-preview__channel">
          <label className="ui-field__label" htmlFor={selectId}>
            Channel
          </label>
          <select
            id={selectId}
            className="ui-field__input"
            value={channel ?? ''}
            onChange={(event) => setChannel((event.target.value || null) as MenuChannel | null)}
          >
            <option value="">All channels</option>
            {MENU_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {menu.isPending || menu.error ? (
        <LoadState error={loadError(menu)} onRetry={() => void menu.refetch()} label="the preview" />
      ) : !menu.data.available ? (
        <p className="ui-muted" role="status">
          This menu is not shown{channel ? ` on ${CHANNEL_LABELS[channel]}` : ''}.
        </p>
      ) : (
        <div data-testid="menu-preview" aria-live="polite">
          <PreviewGroup group={menu.data.menu} level={0} />
        </div>
      )}
    </div>
  );
}

function PreviewGroup({ group, level }: { group: ResolvedMenuRecord; level: number }) {
  const money = useMoney();
  const Heading = level === 0 ? 'h3' : 'h4';
  return (
    <div className="cat-preview__group" data-level={level}>
      <Heading className="cat-preview__group-title">{group.name}</Heading>
      {group.description && <p className="ui-muted ui-small">{group.description}</p>}
      {group.items.length > 0 && (
        <ul className="cat-preview__items">
          {group.items.map((ref) => (
            <li key={ref.itemId}>
              <span>
                {ref.item.name}
                {ref.item.sizePrice.length > 0 && ref.item.pricingStrategy === 'size' && (
                  <span className="ui-muted ui-small">
                    {' '}
                    · {ref.item.sizePrice.map((s) => s.name).join(' / ')}
                  </span>
                )}
                {ref.item.modifierGroups.length > 0 && (
                  <span className="ui-muted ui-small">
                    {' '}
                    · {ref.item.modifierGroups.map((m) => m.modifierGroup.name).join(', ')}
                  </span>
                )}
              </span>
              <span className="cat-preview__price">{priceSummary(ref.item, money)}</span>
            </li>
          ))}
        </ul>
      )}
      {(group.subgroups as ResolvedMenuRecord[]).map((sub) => (
        <PreviewGroup key={sub.menuGroupId} group={sub} level={level + 1} />
      ))}
      {level === 0 && group.items.length === 0 && group.subgroups.length === 0 && (
        <p className="ui-muted ui-small">Nothing to show yet.</p>
      )}
    </div>
  );
}
