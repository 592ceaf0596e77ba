import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type Check, saleOf } from '../check/check';
import { readReceiptChoice } from '../device-store';
import { cancelTerminal, isDeviceRefusal, placeCardSale, type Sale, salesKey } from '../queries';
import { useRegisterContext } from '../register/context';
import { CARD_NEEDS_CONNECTION } from './offline-banner';
import { SaleDone } from './sale-done';
import { PartPaid, SharePicker } from './split-tender';

/**
 * Paying by card on the register's CardPointe terminal (docs/behaviour/pos.md#paying-by-card): "Charge
 * card" sends the sale with an Idempotency-Key and the server runs the tip and the card on the terminal;
 * meanwhile the dialog says to follow the prompts there, with the amount and a Cancel that cancels on the
 * terminal. A decline or a cancel shows its words and leaves the check as it was for another try (a new
 * key: nothing was charged); a lost answer keeps the key, so "Try again" cannot charge twice.
 */
export function CardDialog(props: {
  check: Check;
  total: number;
  onPaid: () => void;
  onClose: () => void;
  /**
   * An open check's card payment (its key given, and the part of the balance it pays when a share was
   * chosen); without it the check is rung up as a card sale.
   */
  send?: ((key: string, amount?: number) => Promise<Sale>) | undefined;
  /** An open check: the card may pay a share of the balance (split tender), one guest's card at a time. */
  parts?: boolean;
  /** A part was paid: the check stays open (read again at its new version and balance). */
  onPart?: () => void;
}) {
  const { money, offline, device, scope } = useRegisterContext();
  const charge = useCardCharge(props.onPaid, props.onPart);
  // an open check's own call, or the check rung up as a card sale
  const send =
    props.send ??
    ((key: string) => placeCardSale(scope, device.token, cardSaleOf(props.check, device.deviceId), key));
  const [cancelling, setCancelling] = useState(false);
  const [share, setShare] = useState<number | null>(null);
  const amount = share ?? props.total;

  // a part paid: the check stays open with the rest to pay
  if (charge.sale?.status === 'open') return <PartPaid sale={charge.sale} onBack={props.onClose} />;
  if (charge.sale) return <SaleDone sale={charge.sale} onNewSale={props.onClose} />;
  const cancel = async () => {
    setCancelling(true);
    await cancelTerminal(scope, device.token).catch(() => null);
    setCancelling(false);
  };
  return (
    <Dialog
      open
      onClose={() => {
        if (!charge.sending) props.onClose();
      }}
      title={`Card ${money(amount)}`}
      description="The card terminal takes the card, the tip and the signature."
      size="md"
      footer={
        <CardFooter
          charge={charge}
          cancelling={cancelling}
          offline={offline}
          onCancel={() => void cancel()}
          onClose={props.onClose}
          onCharge={() => void charge.start((key) => send(key, share ?? undefined))}
        />
      }
    >
      <div className="pos-card" aria-live="polite">
        {props.parts && (
          <SharePicker
            balance={props.total}
            share={share}
            locked={charge.sending || charge.held}
            onShare={setShare}
          />
        )}
        <CardStatus amount={money(amount)} charge={charge} offline={offline} />
      </div>
    </Dialog>
  );
}

/** The amount, what to do now, and why the card was not charged (or may not have been). */
function CardStatus(props: { amount: string; charge: ReturnType<typeof useCardCharge>; offline: boolean }) {
  const { charge } = props;
  return (
    <>
      <p className="pos-card__amount" data-testid="card-amount">
        {props.amount}
      </p>
      {charge.sending ? (
        <p className="pos-card__prompt" role="status">
          Follow the prompts on the terminal
        </p>
      ) : (
        <p className="pos-card__hint">Ask the guest to have their card ready, then charge it.</p>
      )}
      {props.offline && !charge.held && !charge.sending && (
        <div className="ui-alert" role="alert">
          <p className="ui-alert__title" data-testid="card-offline">
            {CARD_NEEDS_CONNECTION}
          </p>
        </div>
      )}
      {charge.problem && <ChargeProblem problem={charge.problem} testId="card-problem" />}
    </>
  );
}

/** While the terminal works: Cancel on the terminal; otherwise Close and Charge card (or Try again). */
function CardFooter(props: {
  charge: ReturnType<typeof useCardCharge>;
  cancelling: boolean;
  offline: boolean;
  onCancel: () => void;
  onClose: () => void;
  onCharge: () => void;
}) {
  const { charge } = props;
  if (charge.sending)
    return (
      <Button variant="secondary" size="lg" onClick={props.onCancel} loading={props.cancelling}>
        Cancel on the terminal
      </Button>
    );
  return (
    <>
      <Button variant="secondary" size="lg" onClick={props.onClose}>
        Close
      </Button>
      <Button
        size="lg"
        className="pos-dialog__primary"
        disabled={props.offline && !charge.held}
        onClick={props.onCharge}
      >
        {charge.held ? 'Try again' : charge.problem ? 'Charge card again' : 'Charge card'}
      </Button>
    </>
  );
}

/** Why a card was not charged, or may not have been: the title and the gateway's or terminal's words. */
export function ChargeProblem(props: { problem: { title: string; message: string }; testId: string }) {
  return (
    <div className="ui-alert" role="alert">
      <div>
        <p className="ui-alert__title">{props.problem.title}</p>
        <p data-testid={props.testId}>{props.problem.message}</p>
      </div>
    </div>
  );
}

/**
 * Sends a card payment (the terminal's or a keyed card's); a new key per try, kept — with the request it
 * sent — only while the outcome is unknown, so "Try again" sends the same payment and cannot charge twice.
 */
export function useCardCharge(onPaid: () => void, onPart?: () => void) {
  const { scope, onRefused } = useRegisterContext();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [sale, setSale] = useState<Sale | null>(null);
  const attempt = useRef<{ key: string; send: (key: string) => Promise<Sale> } | null>(null);
  const start = async (send: (key: string) => Promise<Sale>) => {
    attempt.current ??= { key: crypto.randomUUID(), send };
    const { key, send: held } = attempt.current;
    setSending(true);
    setProblem(null);
    try {
      const done = await held(key);
      attempt.current = null;
      setSale(done);
      // a part of an open check (split tender) leaves it open: not paid yet
      if (done.status === 'open') onPart?.();
      else onPaid();
      void queryClient.invalidateQueries({ queryKey: salesKey(scope) });
    } catch (error) {
      if (isDeviceRefusal(error)) return onRefused(errorMessage(error));
      // an answer (declined, cancelled, refused, timed out on the terminal): nothing was charged
      const answered =
        error instanceof ProblemError && error.status >= 400 && error.status < 500 && error.status !== 408;
      const timedOut = error instanceof ProblemError && error.code === 'TERMINAL_TIMED_OUT';
      if (answered || timedOut) attempt.current = null;
      setProblem({
        title: answered || timedOut ? 'The card was not charged' : 'The payment may not have gone through',
        message: errorMessage(error),
      });
    } finally {
      setSending(false);
    }
  };
  return { start, sending, problem, sale, held: attempt.current !== null };
}

function cardSaleOf(check: Check, deviceId: number) {
  const { tender: _cash, ...sale } = saleOf(check, 0);
  return { ...sale, receipt: readReceiptChoice(deviceId) };
}
