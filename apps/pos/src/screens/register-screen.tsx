import { EmptyState } from '@brigade/ui/components/empty-state';
import { type Dispatch, useMemo, useRef, useState } from 'react';
import type { Check, CheckAction } from '../check/check';
import { itemsById, priceCheck } from '../check/pricing';
import type { Item } from '../queries';
import { useRegisterContext } from '../register/context';
import { needsChoices, sellingMenus } from '../register/sections';
import { CardDialog } from './card-dialog';
import { CheckBar, CheckPanel } from './check-panel';
import { ItemDialog } from './item-dialog';
import { KeptCheckDone, useKeepOpen } from './keep-open';
import { MenuPanel } from './menu-panel';
import { PayDialog } from './pay-dialog';

/**
 * The register (issue 46): the menu on the left, the check on the right (a sheet on a phone). Items with
 * choices to make open a dialog; the others go straight on the check. "Pay" takes cash; with a card
 * terminal paired, "Cash" and "Card" sit side by side; "Send, pay later" opens it as a tab sent to the
 * kitchen (kept on the register while offline).
 */
export function RegisterScreen({ check, dispatch }: { check: Check; dispatch: Dispatch<CheckAction> }) {
  const { register } = useRegisterContext();
  const items = useMemo(() => itemsById(register.menus), [register.menus]);
  const menus = useMemo(() => sellingMenus(register.menus), [register.menus]);
  const priced = useMemo(() => priceCheck(check, items, register.rules), [check, items, register.rules]);
  const [choosing, setChoosing] = useState<Item | null>(null);
  const [paying, setPaying] = useState<'cash' | 'card' | null>(null);
  const paid = useRef(false);
  const [checkOpen, setCheckOpen] = useState(false);
  const later = useKeepOpen(() => {
    dispatch({ type: 'clear' });
    setCheckOpen(false);
  });
  const total = priced.totals?.total ?? 0;
  const count = check.lines.reduce((n, line) => n + line.quantity, 0);

  const pick = (item: Item) => {
    if (needsChoices(item)) setChoosing(item);
    else dispatch({ type: 'add', line: { itemId: item.itemId, quantity: 1, modifiers: [] } });
  };

  return (
    <main className="pos-register" data-check-open={checkOpen ? 'true' : undefined}>
      <h1 className="ui-visually-hidden">Register: {register.restaurantName}</h1>
      <SellingMenu menus={menus} onPick={pick} />
      <CheckPanel
        check={check}
        priced={priced}
        dispatch={dispatch}
        onPay={() => setPaying('cash')}
        onPayCard={register.device.terminal ? () => setPaying('card') : undefined}
        later={{ onKeep: () => void later.keepOpen(check), busy: later.busy, problem: later.problem }}
        onClose={() => setCheckOpen(false)}
      />
      <CheckBar count={count} total={total} onOpen={() => setCheckOpen(true)} />
      {choosing && (
        <ItemDialog
          item={choosing}
          onClose={() => setChoosing(null)}
          onAdd={(line) => {
            dispatch({ type: 'add', line });
            setChoosing(null);
          }}
        />
      )}
      {later.kept && (
        <KeptCheckDone
          kept={later.kept}
          onNewSale={() => {
            later.dismiss();
            requestAnimationFrame(focusSearch);
          }}
        />
      )}
      {paying && (
        <Tender
          kind={paying}
          check={check}
          total={total}
          onPaid={() => {
            paid.current = true;
            dispatch({ type: 'clear' });
            setCheckOpen(false);
          }}
          onClose={() => {
            setPaying(null);
            if (paid.current) {
              paid.current = false;
              // "New sale": the next sale starts at the search (the dialog would give focus back to Pay)
              requestAnimationFrame(focusSearch);
            }
          }}
        />
      )}
    </main>
  );
}

/** The menus the register sells, or what to do when there are none. */
function SellingMenu(props: Parameters<typeof MenuPanel>[0]) {
  if (props.menus.length > 0) return <MenuPanel {...props} />;
  return (
    <div className="pos-menu">
      <EmptyState
        title="No items on the POS"
        message="Turn on 'Visible in POS' for a menu in the management app to sell its items here."
      />
    </div>
  );
}

/** The cash or the card dialog. */
function Tender(props: { kind: 'cash' | 'card' } & Omit<Parameters<typeof PayDialog>[0], 'send'>) {
  const { kind, ...rest } = props;
  return kind === 'card' ? <CardDialog {...rest} /> : <PayDialog {...rest} />;
}

/** The menu's search box, else its first tab. */
function focusSearch() {
  const target = document.querySelector<HTMLElement>(
    '.pos-menu input[type="search"], .pos-menu button[aria-pressed]',
  );
  target?.focus();
}
