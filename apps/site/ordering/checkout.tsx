/** @jsxImportSource preact */
import type { CardEntryState } from '@brigade/domain/payments/card-entry';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiProblem, fetchQuote, type MenuData, type OrderData, placeOrder, type QuoteData } from './api';
import { CardFrame } from './card-frame';
import { type Cart, linesOf } from './cart-store';
import { type Customer, DetailsFields, PickupFields, type Tip, TipFields } from './checkout-fields';
import type { MenuItem } from './item-dialog';
import { money, sitePath } from './money';
import { choicesOf } from './order-app';
import { TotalsList } from './totals';

interface Problem {
  message: string;
  errors: { path: string; message: string }[];
}

const newKey = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}${Math.random()}`.replace('.', '');

const asProblem = (error: unknown): Problem =>
  error instanceof ApiProblem
    ? { message: error.message, errors: error.errors }
    : { message: 'Something went wrong. Please try again.', errors: [] };

/** The server's quote of the cart as it stands, asked again a moment after each change. */
function useQuote(slug: string, quoteBody: string) {
  const [quote, setQuote] = useState<QuoteData | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      fetchQuote(slug, JSON.parse(quoteBody))
        .then((q) => {
          if (!current) return;
          setQuote(q);
          setProblem(null);
        })
        .catch((error: unknown) => {
          if (!current) return;
          setQuote(null);
          setProblem(asProblem(error));
        });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [quoteBody, slug]);
  return { quote, problem, setProblem };
}

/** Places the order; while the same attempt is still being placed elsewhere (409), asks again shortly. */
async function placeWithRetry(slug: string, body: object, key: string): Promise<OrderData> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await placeOrder(slug, body, key);
    } catch (error) {
      const again = error instanceof ApiProblem && (error.code === 'ORDER_IN_PROGRESS' || error.status === 0);
      if (!again || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Placing the order: one Idempotency-Key per attempt, kept while the order stays the same. */
function usePlaceOrder(options: {
  slug: string;
  base: string;
  body: () => object;
  card: CardEntryState;
  setProblem: (problem: Problem | null) => void;
  setPlacing: (placing: boolean) => void;
  onDeclined: () => void;
  onPlaced: () => void;
}) {
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const busy = useRef(false);
  return async (event: Event) => {
    event.preventDefault();
    if (busy.current) return;
    const { card, setProblem } = options;
    if (card.kind !== 'token') return setProblem({ message: 'Enter your card details to pay.', errors: [] });
    const body = JSON.stringify({ ...options.body(), payment: { token: card.token, expiry: card.expiry } });
    if (attempt.current?.body !== body) attempt.current = { key: newKey(), body };
    busy.current = true;
    options.setPlacing(true);
    setProblem(null);
    try {
      const order = await placeWithRetry(options.slug, JSON.parse(body), attempt.current.key);
      if (order.status !== 'payment_failed') {
        options.onPlaced();
        location.assign(sitePath(options.base, `/order/${order.token}`));
        return;
      }
      // declined: a new card in a fresh frame, and a new attempt
      attempt.current = null;
      options.onDeclined();
      setProblem({ message: order.paymentMessage ?? 'The payment did not go through.', errors: [] });
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      busy.current = false;
      options.setPlacing(false);
    }
  };
}

/**
 * Checkout: pickup time, contact, tip, the card in the gateway's frame, and the server's quote of it all.
 * One Idempotency-Key per attempt: a double click or a retry after a dropped connection sends the same key
 * with the same order, which the server answers with the one order it made; a changed order or a declined
 * card starts a new attempt.
 */
export function Checkout(props: {
  slug: string;
  base: string;
  currency: string;
  menu: MenuData;
  cart: Cart;
  items: Map<number, MenuItem>;
  onBack: () => void;
  onPlaced: () => void;
}) {
  const { menu } = props;
  const [pickup, setPickup] = useState<string>(menu.asapAt ? 'asap' : (menu.slots[0] ?? ''));
  const [tip, setTip] = useState<Tip>(
    menu.allowTips && menu.tipPresets[1] ? { percent: menu.tipPresets[1] } : null,
  );
  const [customer, setCustomer] = useState<Customer>({ name: '', email: '', phone: '' });
  const [notes, setNotes] = useState('');
  const [card, setCard] = useState<CardEntryState>({ kind: 'empty' });
  const [frameGeneration, setFrameGeneration] = useState(0);
  const [placing, setPlacing] = useState(false);
  const quoteBody = JSON.stringify({
    lines: linesOf(props.cart),
    pickup: pickup === 'asap' ? { asap: true } : { at: pickup },
    ...(tip ? { tip } : {}),
  });
  const { quote, problem, setProblem } = useQuote(props.slug, quoteBody);

  const submit = usePlaceOrder({
    ...props,
    body: () => ({ ...JSON.parse(quoteBody), customer, ...(notes.trim() ? { notes: notes.trim() } : {}) }),
    card,
    setProblem,
    setPlacing,
    onDeclined: () => {
      setCard({ kind: 'empty' });
      setFrameGeneration((n) => n + 1);
    },
  });
  // the page changed under the guest's keyboard: it starts at the heading (not at the top of the document)
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const errorOf = (path: string) =>
    problem?.errors.find((e) => e.path === path || e.path.startsWith(`${path}.`))?.message;

  return (
    <form class="bo-checkout-page" onSubmit={submit} noValidate>
      <button type="button" class="bo-back" onClick={props.onBack}>
        ← Back to the menu
      </button>
      <h1 ref={heading} tabIndex={-1}>
        Checkout
      </h1>
      <div class="bo-layout">
        <div class="bo-menu">
          <PickupFields menu={menu} pickup={pickup} onPickup={setPickup} error={errorOf('pickup')} />
          <DetailsFields
            customer={customer}
            onCustomer={setCustomer}
            notes={notes}
            onNotes={setNotes}
            errorOf={errorOf}
          />
          {menu.allowTips ? <TipFields presets={menu.tipPresets} tip={tip} onTip={setTip} /> : null}
          <PaymentFields menu={menu} generation={frameGeneration} card={card} onCard={setCard} />
        </div>
        <Summary
          {...props}
          quote={quote}
          problem={problem}
          placing={placing}
          cardReady={card.kind === 'token'}
          errorOf={errorOf}
        />
      </div>
    </form>
  );
}

/** The gateway's card frame, whose token the Place order button waits for. */
function PaymentFields(props: {
  menu: MenuData;
  generation: number;
  card: CardEntryState;
  onCard: (card: CardEntryState) => void;
}) {
  const { cardEntry } = props.menu;
  return (
    <fieldset class="bo-group">
      <legend>Payment</legend>
      {cardEntry ? (
        <CardFrame
          url={cardEntry.url}
          origin={cardEntry.origin}
          generation={props.generation}
          state={props.card}
          onChange={props.onCard}
        />
      ) : (
        <p class="bo-error">This restaurant is not taking online payments yet.</p>
      )}
    </fieldset>
  );
}

function Summary(props: {
  currency: string;
  menu: MenuData;
  cart: Cart;
  items: Map<number, MenuItem>;
  quote: QuoteData | null;
  problem: Problem | null;
  placing: boolean;
  /** The card frame has posted a token: the order can be paid. */
  cardReady: boolean;
  errorOf: (path: string) => string | undefined;
}) {
  const { quote, currency } = props;
  return (
    <aside class="bo-cart" aria-labelledby="bo-summary-title">
      <h2 id="bo-summary-title">Order summary</h2>
      <ul class="bo-lines">
        {props.cart.lines.map((line, index) => (
          <li key={line.key} class="bo-line">
            <div>
              <strong>
                {line.quantity}× {props.items.get(line.itemId)?.name ?? 'Item'}
              </strong>
              <span class="bo-line__choices">{choicesOf(line, props.items.get(line.itemId))}</span>
              {props.errorOf(`lines.${index}`) ? (
                <span class="bo-error">{props.errorOf(`lines.${index}`)}</span>
              ) : null}
            </div>
            <span>{quote?.lines[index] ? money(quote.lines[index].lineTotal, currency) : ''}</span>
          </li>
        ))}
      </ul>
      {quote ? (
        <TotalsList totals={quote.totals} currency={currency} />
      ) : (
        <p class="muted" role="status">
          Working out the total…
        </p>
      )}
      {props.problem ? (
        <div class="bo-error" role="alert">
          <p>{props.problem.message}</p>
        </div>
      ) : null}
      <button
        type="submit"
        class="btn btn-order bo-checkout"
        disabled={props.placing || !quote || !props.menu.cardEntry || !props.cardReady}
        aria-describedby="bo-checkout-hint"
      >
        {props.placing
          ? 'Placing your order…'
          : quote
            ? `Place order · ${money(quote.totals.total, currency)}`
            : 'Place order'}
      </button>
      <p class="bo-hint" id="bo-checkout-hint">
        {props.menu.cardEntry && !props.cardReady
          ? 'Enter your card details to place the order.'
          : 'Your card is authorised now and charged when the restaurant accepts the order.'}
      </p>
    </aside>
  );
}
