import type {
  MenuSummary,
  ResolvedItem,
  ResolvedMenuGroup,
  ResolvedModifierGroupReference,
} from '@brigade/domain/catalogue/resolved-menu';
import { itemShowing, soldOutDisplayOf } from '@brigade/domain/catalogue/sold-out';
import { formatMoney, itemPrice } from '../format';
import { imageSource } from '../images';
import type { SiteLinks } from '../links';
import { isMenuShownNow, type SiteData } from '../load';
import { closedTodayText } from '../special-hours';
import { SiteFooter, SiteHeader } from './chrome';

/** The menu chooser's texts. */
export const CHOOSER_TEXTS = {
  welcome: (restaurant: string) => `Welcome to ${restaurant}`,
  choose: "Choose which menu you'd like to view",
  viewMenu: 'View Menu →',
  viewAll: 'View All Menus',
  noMenus: 'No Menus Available',
  noMenusText: (restaurant: string) => `${restaurant} doesn't have any menus configured yet.`,
  notNow: 'This menu is not being served right now.',
  closedText: (restaurant: string) => `${restaurant} is closed today. See you soon!`,
} as const;

export function MenuChooserPage({ data, links }: { data: SiteData; links: SiteLinks }) {
  const { restaurant, menus } = data;
  return (
    <>
      <SiteHeader restaurant={restaurant} links={links} current="menu" closure={data.closure} />
      <main id="main" className="wrap">
        {menus.length === 0 ? (
          <div className="state">
            <div className="card">
              {/* A holiday closure hides every menu for the day: say why rather than "no menus". */}
              <h1>{data.closure ? closedTodayText(data.closure) : CHOOSER_TEXTS.noMenus}</h1>
              <p className="muted">
                {data.closure
                  ? CHOOSER_TEXTS.closedText(restaurant.name)
                  : CHOOSER_TEXTS.noMenusText(restaurant.name)}
              </p>
              <a className="btn btn-primary" href={links.to('/')}>
                Back to {restaurant.name}
              </a>
            </div>
          </div>
        ) : (
          <>
            <div className="page-head">
              <h1>{CHOOSER_TEXTS.welcome(restaurant.name)}</h1>
              <p className="muted">{CHOOSER_TEXTS.choose}</p>
            </div>
            <ul className="menus">
              {menus.map((menu) => (
                <li key={menu.menuGroupId}>
                  <a className="card" href={links.to(`/menu/${menu.menuGroupId}`)}>
                    {imageSource(menu.image) ? (
                      <img
                        className="card-image"
                        src={imageSource(menu.image)!.src}
                        alt=""
                        width={640}
                        height={360}
                        loading="lazy"
                      />
                    ) : null}
                    <h2>{menu.name}</h2>
                    {menu.description ? <p className="muted">{menu.description}</p> : null}
                    <span className="go">{CHOOSER_TEXTS.viewMenu}</span>
                  </a>
                </li>
              ))}
            </ul>
            {menus.length > 1 ? (
              <p className="view-all">
                <a className="btn btn-primary" href={links.to('/menu/all')}>
                  {CHOOSER_TEXTS.viewAll}
                </a>
              </p>
            ) : null}
          </>
        )}
      </main>
      <SiteFooter restaurant={restaurant} links={links} />
    </>
  );
}

/** One menu (or, for "View All Menus", every menu) with a tab per menu and a jump list of its sections. */
export function MenuPage(props: {
  data: SiteData;
  links: SiteLinks;
  menus: readonly ResolvedMenuGroup[];
  /** The menu the tabs mark as current; null on "all". */
  current: number | null;
}) {
  const { data, links, menus, current } = props;
  const { restaurant } = data;
  const title = current === null ? 'All menus' : (menus[0]?.name ?? 'Menu');
  const sections = menus.flatMap((menu) =>
    menus.length > 1 ? [menu] : menu.subgroups.length > 0 ? menu.subgroups : [menu],
  );
  return (
    <>
      <SiteHeader restaurant={restaurant} links={links} current="menu" closure={data.closure} />
      <main id="main">
        <div className="wrap page-head">
          <p className="eyebrow">{restaurant.name}</p>
          <h1>{title}</h1>
          {current !== null && menus[0]?.description ? <p className="muted">{menus[0].description}</p> : null}
          {current !== null && !isMenuShownNow(data, current) ? (
            <p className="muted">{data.closure ? closedTodayText(data.closure) : CHOOSER_TEXTS.notNow}</p>
          ) : null}
          {data.menus.length > 1 ? <MenuTabs menus={data.menus} links={links} current={current} /> : null}
        </div>
        {sections.length > 1 && current !== null ? (
          <nav className="jump" aria-label="Menu sections">
            <div className="wrap">
              <ul>
                {sections.map((group) => (
                  <li key={group.menuGroupId}>
                    <a href={`#g${group.menuGroupId}`}>{group.name}</a>
                  </li>
                ))}
              </ul>
            </div>
          </nav>
        ) : null}
        <div className="wrap">
          {menus.map((menu) =>
            menus.length > 1 || menu.subgroups.length === 0 ? (
              <Group key={menu.menuGroupId} group={menu} data={data} level={2} />
            ) : (
              <div key={menu.menuGroupId}>
                {/* the menu's own items sit right under the page's h1: their names are h2, like its sections */}
                {menu.items.length > 0 ? <Items group={menu} data={data} heading="h2" /> : null}
                {menu.subgroups.map((group) => (
                  <Group key={group.menuGroupId} group={group} data={data} level={2} />
                ))}
              </div>
            ),
          )}
          {menus.every((m) => m.items.length === 0 && m.subgroups.length === 0) ? (
            <p className="section muted">Nothing from this menu is available right now.</p>
          ) : null}
        </div>
      </main>
      <SiteFooter restaurant={restaurant} links={links} />
    </>
  );
}

function MenuTabs({
  menus,
  links,
  current,
}: {
  menus: readonly MenuSummary[];
  links: SiteLinks;
  current: number | null;
}) {
  return (
    <nav className="tabs" aria-label="Menus">
      {menus.map((menu) => (
        <a
          key={menu.menuGroupId}
          href={links.to(`/menu/${menu.menuGroupId}`)}
          {...(menu.menuGroupId === current ? { 'aria-current': 'page' } : {})}
        >
          {menu.name}
        </a>
      ))}
      <a href={links.to('/menu/all')} {...(current === null ? { 'aria-current': 'page' } : {})}>
        {CHOOSER_TEXTS.viewAll}
      </a>
    </nav>
  );
}

function Group({ group, data, level }: { group: ResolvedMenuGroup; data: SiteData; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const fixed =
    group.pricingType === 'fixed' && group.fixedPrice !== undefined
      ? formatMoney(group.fixedPrice, data.currency)
      : null;
  return (
    <section className="group" id={`g${group.menuGroupId}`} aria-labelledby={`g${group.menuGroupId}-t`}>
      <header>
        <div className="row">
          <Heading id={`g${group.menuGroupId}-t`}>{group.name}</Heading>
          {fixed ? <span className="price">{fixed}</span> : null}
        </div>
        {group.description ? <p className="muted">{group.description}</p> : null}
        {group.seasonalAvailability?.isActive && group.seasonalAvailability.displayMessage ? (
          <p className="muted">{group.seasonalAvailability.displayMessage}</p>
        ) : null}
      </header>
      {group.items.length > 0 ? <Items group={group} data={data} heading="h3" /> : null}
      {group.subgroups.map((sub) => (
        <Group key={sub.menuGroupId} group={sub} data={data} level={3} />
      ))}
    </section>
  );
}

/** A group's items; `heading` is one level below the heading they sit under (h1 of the page, h2 of a section). */
function Items({ group, data, heading }: { group: ResolvedMenuGroup; data: SiteData; heading: 'h2' | 'h3' }) {
  const display = soldOutDisplayOf(data.restaurant.websiteConfig);
  // The 86 rule (issue 45 item 5): a hidden item is already out of the menu (loadMenu); never drawn here.
  const shown = group.items
    .map((ref) => ({ ref, showing: itemShowing(ref.itemId, data.soldOut, display) }))
    .filter(({ showing }) => showing !== 'hidden');
  return (
    <ul className="items">
      {shown.map(({ ref, showing }) => (
        <MenuItem
          key={`${ref.itemId}-${ref.position}`}
          item={ref.item}
          data={data}
          hidePrices={group.pricingType === 'fixed'}
          heading={heading}
          soldOut={showing === 'sold-out'}
        />
      ))}
    </ul>
  );
}

/** The words of the mark on a sold-out item: text, so that it is read out and not told by colour alone. */
export const SOLD_OUT_TEXT = 'Sold out';

function MenuItem(props: {
  item: ResolvedItem;
  data: SiteData;
  hidePrices: boolean;
  heading: 'h2' | 'h3';
  soldOut: boolean;
}) {
  const { item, data, hidePrices, soldOut } = props;
  const Heading = props.heading;
  const price = itemPrice(item, data.currency);
  const modifiers = item.modifierGroups.filter(
    (ref) => ref.modifierGroup.onlineOrdering && ref.modifierGroup.modifiers.length > 0,
  );
  const description = item.customerDescription?.trim();
  const calories = typeof item.calories === 'number' ? item.calories : null;
  const image = imageSource(item.imageUrl);
  return (
    <li className={`item${image ? ' item-with-image' : ''}${soldOut ? ' item-sold-out' : ''}`}>
      {image ? (
        <img
          className="thumb"
          src={image.src}
          {...(image.srcSet ? { srcSet: image.srcSet, sizes: '96px' } : {})}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="row">
        <Heading>{item.name}</Heading>
        {soldOut ? <span className="sold-out">{SOLD_OUT_TEXT}</span> : null}
        <span className="leader" aria-hidden="true" />
        {!hidePrices && (price.kind === 'base' || price.kind === 'open') ? (
          <span className="price">{price.text}</span>
        ) : null}
      </div>
      {description ? <p className="muted">{description}</p> : null}
      {!hidePrices && price.kind === 'size' ? (
        <ul className="sizes">
          {price.sizes.map((size) => (
            <li key={size.name}>
              {size.name} <b className="price">{size.text}</b>
            </li>
          ))}
        </ul>
      ) : null}
      {calories !== null || item.tags.length > 0 || item.containsAlcohol ? (
        <div className="meta">
          {calories !== null ? <span>{calories} cal</span> : null}
          {item.tags.map((tag) => (
            <span key={tag.tagId} className="tag">
              {tag.name}
            </span>
          ))}
          {item.containsAlcohol ? <span className="tag">Contains alcohol</span> : null}
        </div>
      ) : null}
      {modifiers.length > 0 ? (
        <details>
          <summary>Options</summary>
          <div className="mods">
            {modifiers.map((ref) => (
              <Modifiers key={ref.modifierGroupId} reference={ref} currency={data.currency} />
            ))}
          </div>
        </details>
      ) : null}
    </li>
  );
}

function Modifiers({ reference, currency }: { reference: ResolvedModifierGroupReference; currency: string }) {
  const group = reference.modifierGroup;
  const required = reference.isRequired ?? group.selectionRequirement === 'Required';
  const groupPrice =
    group.pricingStrategy === 'Group' && group.groupPrice ? formatMoney(group.groupPrice, currency) : null;
  return (
    <>
      <h4>
        {group.name}
        {required ? ' (required)' : ''}
        {groupPrice ? ` · ${groupPrice}` : ''}
      </h4>
      <ul>
        {group.modifiers.map((m) => (
          <li key={m.id}>
            {m.name}
            {group.pricingStrategy === 'Individual' && m.price
              ? ` ${m.price > 0 ? '+' : '−'}${formatMoney(Math.abs(m.price), currency)}`
              : ''}
            {typeof m.calories === 'number' ? ` · ${m.calories} cal` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
