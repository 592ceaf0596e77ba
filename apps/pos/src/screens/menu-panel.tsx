import { readableOn } from '@brigade/domain/colour-contrast';
import { type CSSProperties, useId, useState } from 'react';
import type { Item, Menu } from '../queries';
import { useRegisterContext } from '../register/context';
import { hexColour, priceLabel, type Section, searchItems, sectionsOf } from '../register/sections';

/**
 * The left of the register: the POS menus as tabs, each menu's groups as tabs (nested ones flattened with
 * their path), a search over every item, and the item buttons.
 */
export function MenuPanel({ menus, onPick }: { menus: Menu[]; onPick: (item: Item) => void }) {
  const [menuId, setMenuId] = useState(menus[0]!.menuGroupId);
  const menu = menus.find((m) => m.menuGroupId === menuId) ?? menus[0]!;
  const sections = sectionsOf(menu);
  const [sectionKey, setSectionKey] = useState<string | null>(null);
  const section = sections.find((s) => s.key === sectionKey) ?? sections[0]!;
  const [query, setQuery] = useState('');
  const searchId = useId();
  const results = query.trim() ? searchItems(menus, query) : null;
  return (
    <section className="pos-menu" aria-label="Menu">
      <div className="pos-menu__search">
        <label htmlFor={searchId} className="ui-visually-hidden">
          Search items
        </label>
        <input
          id={searchId}
          type="search"
          className="ui-field__input"
          placeholder="Search items"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {!results && menus.length > 1 && (
        <TabRow label="Menus" className="pos-tabs--menus">
          {menus.map((m) => (
            <Tab
              key={m.menuGroupId}
              pressed={m.menuGroupId === menu.menuGroupId}
              onClick={() => {
                setMenuId(m.menuGroupId);
                setSectionKey(null);
              }}
            >
              {m.name}
            </Tab>
          ))}
        </TabRow>
      )}
      {!results && sections.length > 1 && (
        <TabRow label={`Groups of ${menu.name}`}>
          {sections.map((s) => (
            <Tab key={s.key} pressed={s.key === section.key} onClick={() => setSectionKey(s.key)}>
              {s.path.length > 0 && <span className="pos-tab__path">{s.path.join(' › ')} › </span>}
              {s.name}
            </Tab>
          ))}
        </TabRow>
      )}
      {results ? (
        <ItemGrid
          label={`Items matching ${query.trim()}`}
          items={results}
          onPick={onPick}
          empty={`No item matches “${query.trim()}”`}
        />
      ) : (
        <ItemGrid label={section.name} items={section.items} section={section} onPick={onPick} />
      )}
    </section>
  );
}

function TabRow(props: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <fieldset aria-label={props.label} className={['pos-tabs', props.className].filter(Boolean).join(' ')}>
      {props.children}
    </fieldset>
  );
}

function Tab(props: { pressed: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button type="button" className="pos-tab" aria-pressed={props.pressed} onClick={props.onClick}>
      {props.children}
    </button>
  );
}

function ItemGrid(props: {
  label: string;
  items: Item[];
  section?: Section;
  onPick: (item: Item) => void;
  empty?: string;
}) {
  if (props.items.length === 0)
    return (
      <p className="pos-menu__none" role="status">
        {props.empty ?? 'No items in this group'}
      </p>
    );
  return (
    <ul className="pos-items" aria-label={props.label}>
      {props.items.map((item) => (
        <li key={item.itemId}>
          <ItemButton item={item} fallbackColor={props.section?.buttonColor} onPick={props.onPick} />
        </li>
      ))}
    </ul>
  );
}

function ItemButton(props: { item: Item; fallbackColor: string | undefined; onPick: (item: Item) => void }) {
  const { item } = props;
  const { money } = useRegisterContext();
  const background = hexColour(item.buttonColor) ?? hexColour(props.fallbackColor);
  const style = background
    ? ({ '--pos-item-bg': background, '--pos-item-fg': readableOn(background) } as CSSProperties)
    : undefined;
  return (
    <button
      type="button"
      className={background ? 'pos-item pos-item--coloured' : 'pos-item'}
      style={style}
      disabled={item.soldOut}
      data-item-id={item.itemId}
      onClick={() => props.onPick(item)}
    >
      <span className="pos-item__label">{item.buttonLabel}</span>
      <span className="pos-item__price">{priceLabel(item, money)}</span>
      {item.soldOut && (
        <span className="pos-item__86">
          86<span className="ui-visually-hidden"> — sold out</span>
        </span>
      )}
    </button>
  );
}
