import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import type { PlacePosOrderInput } from '@brigade/domain/pos/api';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type CashPlan, cashPlan, quickAmounts } from '../check/cash';
import { type Check, saleOf } from '../check/check';
import { type ReceiptChoice, readReceiptChoice, writeReceiptChoice } from '../device-store';
import { isOffline } from '../network';
import { keptSaleReceipt, keptSaleTickets, offlineSaleOf } from '../offline/offline-sale';
import { type BridgeOutcome, readBridge } from '../offline/print-bridge';
import type { QueuedSale } from '../offline/queue';
import { placeOf, printKeptSale, queueSale } from '../offline/use-offline-queue';
import { isDeviceRefusal, placeSale, type Sale, salesKey } from '../queries';
import { useRegisterContext } from '../register/context';
import { centsOfDigits, digitsOfCents, Keypad } from './keypad';
import { QueuedDone, SaleDone } from './sale-done';
import { PartPaid, PlanText, SharePicker } from './split-tender';

/** A request sent whose outcome is not known (no answer, or the server failed): retried as it was. */
interface Attempt {
  key: string;
  send: (key: string) => Promise<Sale>;
}

/**
 * Pays an open check instead of ringing up the check being built (the check's own call, its key); `amount`
 * is the part of the balance the cash pays (split tender), undefined for all of it.
 */
export type CashSend = (
  tendered: number,
  amount: number | undefined,
  receipt: ReceiptChoice,
  key: string,
) => Promise<Sale>;

interface Problem {
  title: string;
  messages: string[];
}

/**
 * Paying cash (issue 46): quick amounts and a keypad for what the guest hands over, the change due, and
 * "Take cash", which rings the sale up with an Idempotency-Key. A retry after a lost answer sends the same
 * sale with the same key, so it counts once; the amount is held until the server has answered. A refusal
 * (400, 409) shows here and leaves the check as it was.
 *
 * An open check may be paid in parts (split tender): a share (a half, a third…) or less cash than the balance
 * is taken as a part; the check stays open with the rest to pay, in cash or by card.
 */
export function PayDialog(props: {
  check: Check;
  /** What is left to pay (an open check's balance). */
  total: number;
  onPaid: () => void;
  onClose: () => void;
  /** An open check's payment; without it the check is rung up as a sale. */
  send?: CashSend | undefined;
  /** A part was paid: the check stays open (split tender). */
  onPart?: (() => void) | undefined;
}) {
  const { money, offline, device } = useRegisterContext();
  const [digits, setDigits] = useState('');
  const [share, setShare] = useState<number | null>(null);
  const [receipt, setReceipt] = useState<ReceiptChoice>(() => readReceiptChoice(device.deviceId));
  const tendered = centsOfDigits(digits);
  const parts = props.send !== undefined;
  const plan = cashPlan(tendered, props.total, share, parts);
  const pay = useTakeCash(props.onPaid, props.send, props.onPart);

  if (pay.sale?.status === 'open') return <PartPaid sale={pay.sale} onBack={props.onClose} />;
  if (pay.sale) return <SaleDone sale={pay.sale} onNewSale={props.onClose} />;
  if (pay.queued) return <QueuedDone sale={pay.queued} bridged={pay.bridged} onNewSale={props.onClose} />;
  // offline, a counter sale is kept on the register; an open check's payment needs the server
  const keepsOffline = props.send === undefined;
  return (
    <Dialog
      open
      onClose={() => {
        if (!pay.sending) props.onClose();
      }}
      title={`Pay ${money(props.total)}`}
      description="Cash: tap what the guest hands over, or type it on the keypad."
      size="lg"
      footer={
        <PayFooter
          pay={pay}
          keepsOffline={keepsOffline}
          plan={plan}
          onClose={props.onClose}
          onTake={() =>
            void pay.takeCash(props.check, tendered, plan?.part ? plan.amount : undefined, receipt)
          }
          onKeep={() => void pay.keepHeld(props.check, tendered, receipt)}
        />
      }
    >
      <div className="pos-pay">
        <AmountEntry
          parts={parts}
          balance={props.total}
          share={share}
          digits={digits}
          locked={pay.held || pay.sending}
          onShare={(amount) => {
            setShare(amount);
            setDigits('');
          }}
          onDigits={setDigits}
        />
        <ReceiptPicker
          choice={receipt}
          locked={pay.held || pay.sending}
          onChoose={(choice) => {
            setReceipt(choice);
            writeReceiptChoice(device.deviceId, choice);
          }}
        />
        <p className="pos-pay__change" aria-live="polite">
          <PlanText plan={plan} digits={digits} share={share} balance={props.total} />
        </p>
        {offline && !pay.held && <OfflineNote keeps={keepsOffline} />}
        {pay.problem && <ProblemView problem={pay.problem} />}
      </div>
    </Dialog>
  );
}

/** Cancel, Take cash (Try again for a sale whose answer was lost) and, offline, Keep on this register. */
function PayFooter(props: {
  pay: ReturnType<typeof useTakeCash>;
  keepsOffline: boolean;
  plan: CashPlan | null;
  onClose: () => void;
  onTake: () => void;
  onKeep: () => void;
}) {
  const { offline, money } = useRegisterContext();
  const { pay, keepsOffline } = props;
  return (
    <>
      <Button variant="secondary" size="lg" onClick={props.onClose} disabled={pay.sending}>
        Cancel
      </Button>
      {keepsOffline && pay.held && offline && (
        <Button variant="secondary" size="lg" disabled={pay.sending} onClick={props.onKeep}>
          Keep on this register
        </Button>
      )}
      <Button
        size="lg"
        className="pos-dialog__primary"
        // offline: a counter sale is kept on the register; an open check waits (a sale whose answer was
        // lost may be sent again: same key, counted once)
        disabled={props.plan === null || (offline && !pay.held && !keepsOffline)}
        loading={pay.sending}
        loadingText="Taking cash..."
        onClick={props.onTake}
      >
        {pay.held
          ? 'Try again'
          : props.plan?.part
            ? `Take ${money(props.plan.amount)} as a part`
            : 'Take cash'}
      </Button>
    </>
  );
}

const RECEIPT_LABELS: Record<ReceiptChoice, string> = { print: 'Print', none: 'No receipt' };

/** Print a receipt or not; the device remembers the last choice. */
function ReceiptPicker(props: {
  choice: ReceiptChoice;
  locked: boolean;
  onChoose: (choice: ReceiptChoice) => void;
}) {
  return (
    <fieldset className="pos-receipt" aria-label="Receipt">
      <span className="pos-receipt__label" aria-hidden="true">
        Receipt
      </span>
      {(['print', 'none'] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          className="pos-option"
          aria-pressed={props.choice === choice}
          disabled={props.locked}
          onClick={() => props.onChoose(choice)}
        >
          {RECEIPT_LABELS[choice]}
        </button>
      ))}
    </fieldset>
  );
}

/** An open check's share to pay (split tender), then the cash: quick amounts and the keypad. */
function AmountEntry(props: {
  parts: boolean;
  balance: number;
  share: number | null;
  digits: string;
  locked: boolean;
  onShare: (amount: number | null) => void;
  onDigits: (digits: string) => void;
}) {
  return (
    <>
      {props.parts && (
        <SharePicker
          balance={props.balance}
          share={props.share}
          locked={props.locked}
          onShare={props.onShare}
        />
      )}
      <CashEntry
        total={props.share ?? props.balance}
        digits={props.digits}
        onDigits={props.onDigits}
        locked={props.locked}
      />
    </>
  );
}

/** The quick amounts and the keypad; both held while a sale's outcome is unknown. */
function CashEntry(props: { total: number; digits: string; onDigits: (d: string) => void; locked: boolean }) {
  const { money, register } = useRegisterContext();
  const tendered = centsOfDigits(props.digits);
  const amounts = quickAmounts(props.total, register.cashPresets);
  return (
    <>
      <fieldset className="pos-pay__amounts" aria-label="Quick amounts">
        {amounts.map((amount, index) => (
          <button
            key={amount}
            type="button"
            className="pos-option pos-pay__quick"
            aria-pressed={tendered === amount && props.digits !== ''}
            disabled={props.locked}
            onClick={() => props.onDigits(digitsOfCents(amount) || '0')}
          >
            {index === 0 ? `Exact ${money(amount)}` : money(amount)}
          </button>
        ))}
      </fieldset>
      <Keypad
        label="Cash tendered"
        digits={props.digits}
        onChange={props.onDigits}
        format={money}
        disabled={props.locked}
      />
    </>
  );
}

/**
 * Sends the sale once per key; keeps the key (and the sale) while the outcome is unknown. Offline — or when
 * the sale gets no answer — a counter sale is kept on the register with its key, to be sent when the
 * connection is back (decision 063): the same key, so a sale that did arrive is not counted twice.
 */
function useTakeCash(onPaid: () => void, sendCheck?: CashSend, onPart?: () => void) {
  const { scope, device, register, onRefused } = useRegisterContext();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sale, setSale] = useState<Sale | null>(null);
  const [queued, setQueued] = useState<QueuedSale | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const [bridged, setBridged] = useState<BridgeOutcome | 'printing' | null>(null);
  const keep = async (check: Check, body: PlacePosOrderInput, key: string, held = false) => {
    const at = new Date();
    const offline = offlineSaleOf(check, register, body, { key, place: placeOf(scope, device), at });
    if (!offline) return false;
    // the drawer, the receipt and the kitchen tickets go through the print bridge, where this register has
    // one — not for a sale whose answer was lost: the server may have it, and have printed it, already
    const bridge = held ? null : readBridge(device.deviceId);
    const stored = await queueSale(bridge ? { ...offline, printingSince: at.toISOString() } : offline);
    setQueued(stored);
    if (bridge) {
      setBridged('printing');
      const make = () => ({
        tickets: keptSaleTickets(check, register, stored),
        receipt: keptSaleReceipt(check, register, stored, device.name),
      });
      void printKeptSale(stored, make, bridge, register.registerPrinter).then(setBridged);
    }
    attempt.current = null;
    onPaid();
    return true;
  };
  const takeCash = async (
    check: Check,
    tendered: number,
    amount: number | undefined,
    receipt: ReceiptChoice,
  ) => {
    const body = { ...saleOf(check, tendered), receipt };
    // a sale whose answer was lost is sent again as it was (the register's "Try again")
    const held = attempt.current !== null;
    attempt.current ??= {
      key: crypto.randomUUID(),
      send: (key) =>
        sendCheck ? sendCheck(tendered, amount, receipt, key) : placeSale(scope, device.token, body, key),
    };
    const { key, send } = attempt.current;
    setSending(true);
    setProblem(null);
    try {
      if (!sendCheck && isOffline() && !held && (await keep(check, body, key))) return;
      const done = await send(key);
      attempt.current = null;
      setSale(done);
      if (done.status === 'open') onPart?.();
      else onPaid();
      void queryClient.invalidateQueries({ queryKey: salesKey(scope) });
    } catch (error) {
      if (isDeviceRefusal(error)) return onRefused(errorMessage(error));
      const answered = error instanceof ProblemError && error.status >= 400 && error.status < 500;
      if (answered) attempt.current = null;
      setProblem(problemOf(error, answered));
    } finally {
      setSending(false);
    }
  };
  // a sale whose answer was lost, kept with its key: sent when the connection is back, counted once
  const keepHeld = async (check: Check, tendered: number, receipt: ReceiptChoice) => {
    if (attempt.current)
      await keep(check, { ...saleOf(check, tendered), receipt }, attempt.current.key, true);
  };
  return { takeCash, keepHeld, sending, problem, sale, queued, bridged, held: attempt.current !== null };
}

/** The banner is behind the dialog: the dialog says it too, with its own "Check again". */
function OfflineNote({ keeps }: { keeps: boolean }) {
  const { recheck } = useRegisterContext();
  return (
    <div className="pos-pay__offline" role="alert">
      <p>
        {keeps
          ? 'Offline — this sale is kept on the register and sent when the connection is back.'
          : 'Offline — an open check is paid when the connection is back.'}
      </p>
      <Button variant="secondary" onClick={recheck}>
        Check again
      </Button>
    </div>
  );
}

function ProblemView({ problem }: { problem: Problem }) {
  return (
    <div className="ui-alert" role="alert">
      <div>
        <p className="ui-alert__title">{problem.title}</p>
        <ul className="pos-pay__errors">
          {problem.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function problemOf(error: unknown, answered: boolean): Problem {
  if (!answered)
    return {
      title: 'The sale may not have been recorded',
      messages: [
        errorMessage(error),
        'Try again: the same sale is sent again and is counted once. Keep the cash until it goes through.',
      ],
    };
  const messages =
    error instanceof ProblemError && error.errors.length > 0
      ? [...new Set(error.errors.map((e) => e.message))]
      : [errorMessage(error)];
  return { title: 'The sale was not taken', messages };
}
