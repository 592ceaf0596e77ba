/** @jsxImportSource preact */

import type { OrderingSection } from '@brigade/domain/ordering/api';
import { type CartLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiProblem, fetchMenu, type MenuData } from './api';
import { addLine, type Cart, countOf, readCart, setQuantity, writeCart } from './cart-store';
import { Checkout } from './checkout';
import { asOrderable, ItemDialog, type MenuItem, Stepper } from './item-dialog';
import { clockTime, money } from './money';

type Section = OrderingSection;

const newKey = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`.replace('.', '');

/** The ordering menu, loaded once (again on "Try Again"). */
function useOrderingMenu(slug: string) {
  const [menu, setMenu] = useState<MenuData | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = () => {
    setProblem(null);
    fetchMenu(slug)
      .then(setMenu)
      .catch((error: unknown) =>
        setProblem(error instanceof ApiProblem ? error.message : 'The menu could not be loaded.'),
      );
  };
  useEffect(load, [slug]);
  return { menu, problem, load };
}

/** The cart in this browser, kept in step with other tabs of the same site. */
function useCart(slug: string) {
  const [cart, setCart] = useState<Cart>(() => readCart(slug));
  useEffect(() => {
    const sync = (event: StorageEvent) => {
      if (event.key === `brigade.cart.${slug}`) setCart(readCart(slug));
    };
    window.addEventListener('storage', sync);
    return () => window.removeEventListener('storage', sync);
  }, [slug]);
  const update = (next: Cart) => {
    setCart(next);
    writeCart(slug, next);
  };
  return { cart, update };
}

/** The ordering page: the menu to order from, the cart beside it (below on a phone), then checkout. */
export function OrderApp(props: { slug: string; base: string; currency: string; restaurant: string }) {
  const { slug, currency } = props;
  const { menu, problem, load } = useOrderingMenu(slug);
  const { cart, update } = useCart(slug);
  const [view, setView] = useState<'menu' | 'checkout'>('menu');
  const items = useMemo(
    () => new Map(allItems(menu?.menus ?? []).map((item) => [item.itemId, item])),
    [menu],
  );

  if (problem)
    return (
      <div class="bo-state" role="alert">
        <h1>Ordering is not available right now</h1>
        <p class="muted">{problem}</p>
        <button type="button" class="btn btn-primary" onClick={load}>
          Try Again
        </button>
      </div>
    );
  if (!menu)
    return (
      <div class="bo-state" role="status" aria-live="polite">
        <div class="bo-skeleton" />
        <div class="bo-skeleton" />
        <span class="bo-sr">Loading the menu…</span>
      </div>
    );
  if (view === 'checkout')
    return (
      <Checkout
        slug={slug}
        base={props.base}
        currency={currency}
        menu={menu}
        cart={cart}
        items={items}
        onBack={() => setView('menu')}
        onPlaced={() => update({ lines: [] })}
      />
    );
  return (
    <MenuView
      menu={menu}
      cart={cart}
      items={items}
      currency={currency}
      restaurant={props.restaurant}
      onCart={update}
      onCheckout={() => {
        setView('checkout');
        window.scrollTo({ top: 0 });
      }}
    />
  );
}

function MenuView(props: {
  menu: MenuData;
  cart: Cart;
  items: Map<number, MenuItem>;
  currency: string;
  restaurant: string;
  onCart: (cart: Cart) => void;
  onCheckout: () => void;
}) {
  const { menu, cart, currency } = props;
  const [open, setOpen] = useState<MenuItem | null>(null);
  const [announce, setAnnounce] = useState('');
  // the item's button that opened the dialog: the keyboard goes back to it, not to the top of the page
  const opener = useRef<HTMLElement | null>(null);
  const openItem = (item: MenuItem) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(item);
  };
  const add = (line: CartLine) => {
    props.onCart(addLine(cart, line, newKey()));
    setAnnounce(`${open?.name ?? 'Item'} added to your order`);
    setOpen(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <div class="bo-layout">
      <div class="bo-menu">
        {cart.lines.length > 0 ? (
          // the cart comes after the whole menu: one Tab reaches it, and checkout
          <a class="bo-skip" href="#bo-cart-title">
            Skip to your order
          </a>
        ) : null}
        <h1>Order from {props.restaurant}</h1>
        {!menu.accepting ? (
          <p class="bo-notice" role="status">
            {menu.closedMessage}
          </p>
        ) : menu.asapAt ? (
          <p class="muted">Pickup as soon as {clockTime(menu.asapAt)}</p>
        ) : null}
        {menu.menus.length === 0 ? (
          <div class="bo-state">
            <h2>Nothing to order right now</h2>
            <p class="muted">Check back during opening hours.</p>
          </div>
        ) : (
          <MenuSections menu={menu} currency={currency} onOpen={openItem} />
        )}
      </div>
      <CartPanel
        cart={cart}
        items={props.items}
        currency={currency}
        accepting={menu.accepting}
        onQuantity={(key, n) => props.onCart(setQuantity(cart, key, n))}
        onCheckout={props.onCheckout}
      />
      <p class="bo-sr" aria-live="polite">
        {announce}
      </p>
      {open ? <ItemDialog item={open} currency={currency} onAdd={add} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function MenuSections(props: { menu: MenuData; currency: string; onOpen: (item: MenuItem) => void }) {
  const { menu } = props;
  return (
    <>
      {menu.menus.length > 1 ? (
        <nav class="bo-tabs" aria-label="Menus">
          {menu.menus.map((section) => (
            <a key={section.menuGroupId} href={`#menu-${section.menuGroupId}`}>
              {section.name}
            </a>
          ))}
        </nav>
      ) : null}
      {menu.menus.map((section) => (
        <MenuSection
          key={section.menuGroupId}
          section={section}
          level={2}
          currency={props.currency}
          onOpen={props.onOpen}
          canOrder={menu.accepting}
        />
      ))}
    </>
  );
}

const allItems = (sections: readonly Section[]): MenuItem[] =>
  sections.flatMap((s) => [...s.items, ...allItems(s.sections)]);

function MenuSection(props: {
  section: Section;
  level: number;
  currency: string;
  canOrder: boolean;
  onOpen: (item: MenuItem) => void;
}) {
  const { section, currency } = props;
  const Heading = (props.level <= 2 ? 'h2' : 'h3') as 'h2';
  return (
    <section
      class="bo-section"
      id={`menu-${section.menuGroupId}`}
      aria-labelledby={`menu-${section.menuGroupId}-title`}
    >
      <Heading id={`menu-${section.menuGroupId}-title`}>{section.name}</Heading>
      {section.description ? <p class="muted">{section.description}</p> : null}
      <ul class="bo-items">
        {section.items.map((item) => (
          <li key={item.itemId}>
            <button
              type="button"
              class="bo-item"
              disabled={item.soldOut || !props.canOrder}
              onClick={() => props.onOpen(item)}
            >
              <span class="bo-item__name">{item.name}</span>
              {item.description ? <span class="bo-item__desc">{item.description}</span> : null}
              <span class="bo-item__price">
                {item.soldOut ? <span class="bo-badge">Sold out</span> : priceFrom(item, currency)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {section.sections.map((child) => (
        <MenuSection key={child.menuGroupId} {...props} section={child} level={props.level + 1} />
      ))}
    </section>
  );
}

const priceFrom = (item: MenuItem, currency: string) =>
  item.pricingStrategy === 'size'
    ? `from ${money(Math.min(...item.sizes.map((s) => s.price)), currency)}`
    : money(item.price, currency);

/** The cart: lines with their choices and quantities, and the way to checkout. */
function CartPanel(props: {
  cart: Cart;
  items: Map<number, MenuItem>;
  currency: string;
  accepting: boolean;
  onQuantity: (key: string, quantity: number) => void;
  onCheckout: () => void;
}) {
  const { cart, items, currency } = props;
  const count = countOf(cart);
  const estimate = cart.lines.reduce((sum, line) => sum + estimateOf(line, items.get(line.itemId)), 0);
  return (
    <aside class="bo-cart" id="bo-cart" aria-labelledby="bo-cart-title">
      {count > 0 ? (
        // On a phone the cart sits below the menu: this bar, always in view, leads to it.
        <div class="bo-bar">
          <a class="btn btn-order" href="#bo-cart">
            View order · {count} item{count === 1 ? '' : 's'} · {money(estimate, currency)}
          </a>
        </div>
      ) : null}
      <h2 id="bo-cart-title" tabIndex={-1}>
        Your order
      </h2>
      {cart.lines.length === 0 ? (
        <p class="muted">Your order is empty. Choose something from the menu.</p>
      ) : (
        <ul class="bo-lines">
          {cart.lines.map((line) => {
            const item = items.get(line.itemId);
            return (
              <li key={line.key} class="bo-line">
                <div>
                  <strong>{item?.name ?? 'No longer available'}</strong>
                  <span class="bo-line__choices">{choicesOf(line, item)}</span>
                </div>
                <Stepper
                  label={item?.name ?? 'item'}
                  value={line.quantity}
                  min={0}
                  max={99}
                  onChange={(n) => props.onQuantity(line.key, n)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        class="btn btn-order bo-checkout"
        disabled={count === 0 || !props.accepting}
        onClick={props.onCheckout}
      >
        {count === 0
          ? 'Checkout'
          : `Checkout · ${count} item${count === 1 ? '' : 's'} · ${money(estimate, currency)}`}
      </button>
    </aside>
  );
}

/** What the browser thinks a line costs (before tax), for the button; the server's quote is what counts. */
function estimateOf(line: CartLine, item: MenuItem | undefined): number {
  const priced = item ? priceLine(line, asOrderable(item), 'line') : null;
  return priced && 'line' in priced ? priced.line.lineTotal : 0;
}

export function choicesOf(line: CartLine, item: MenuItem | undefined): string {
  if (!item) return '';
  const parts: string[] = [];
  const size = item.sizes.find((s) => s.id === line.sizeId);
  if (size) parts.push(size.name);
  for (const pick of line.modifiers) {
    const group = item.modifierGroups.find((g) => g.modifierGroupId === pick.modifierGroupId);
    const name = group?.modifiers.find((m) => m.id === pick.modifierId)?.name;
    if (name) parts.push(pick.quantity > 1 ? `${pick.quantity}× ${name}` : name);
  }
  if (line.notes) parts.push(`“${line.notes}”`);
  return parts.join(', ');
}
