import { randomBytes } from 'node:crypto';
import { IntegrationError } from '@brigade/integration-kit/http';

/**
 * A second card processor for the tests (issue 43 item 4, decision 061): a small in-process emulator shaped
 * like a Stripe-style payment-intents API — amounts in cents, `pi_…` and `re_…` ids, statuses
 * `requires_capture`, `succeeded`, `canceled`, `requires_payment_method`, decline codes, metadata — nothing like
 * CardPointe's wire. Brigade reaches it only through its adapter (provider.ts) and the provider port; it
 * proves that a processor is one package, not a change to the domain or core. Not a faithful Stripe.
 *
 * Test cards (tokens of the card-entry frame): a token ending in 0002 is declined (`card_declined` /
 * `generic_decline`), one ending in 9995 is declined for funds (`insufficient_funds`); any other approves.
 */

export type IntentStatus = 'requires_capture' | 'succeeded' | 'canceled' | 'requires_payment_method';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  amount_refunded: number;
  currency: string;
  status: IntentStatus;
  capture_method: 'automatic' | 'manual';
  payment_method: { last4: string; brand: string };
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code: string; message: string } | null;
  /** Set when the payout that settled it went out (seconds since the epoch). */
  paid_out_at: number | null;
  captured_at: number | null;
}

export interface Refund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed';
  metadata: Record<string, string>;
}

/** A call that gets no answer (fault injection): the port's callers must reconcile. */
export type Fault = 'timeout' | 'network';

const DECLINES: Record<string, PaymentIntent['last_payment_error']> = {
  '0002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '9995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export class TestProcessor {
  readonly intents = new Map<string, PaymentIntent>();
  readonly refunds = new Map<string, Refund>();
  /** Calls per operation, so tests can prove which processor was asked. */
  readonly calls: Record<string, number> = {};
  private faults: { operation: string; fault: Fault; processFirst: boolean }[] = [];

  /**
   * The next call of `operation` gets no answer. With `processFirst`, the processor does the work and the
   * answer is lost (the case only a look-up by order id can settle).
   */
  failNext(operation: string, fault: Fault, processFirst = false): void {
    this.faults.push({ operation, fault, processFirst });
  }

  private async call<T>(operation: string, work: () => T): Promise<T> {
    this.calls[operation] = (this.calls[operation] ?? 0) + 1;
    const index = this.faults.findIndex((f) => f.operation === operation);
    if (index >= 0) {
      const [fault] = this.faults.splice(index, 1);
      if (fault!.processFirst) work();
      throw new IntegrationError(fault!.fault, `test processor: ${fault!.fault}`, {
        service: 'TestProcessor',
        call: operation,
      });
    }
    return structuredClone(work());
  }

  createPaymentIntent(body: {
    amount: number;
    currency: string;
    payment_method: string;
    capture_method: 'automatic' | 'manual';
    metadata: Record<string, string>;
  }): Promise<PaymentIntent> {
    return this.call('createPaymentIntent', () => {
      const decline = DECLINES[body.payment_method.slice(-4)] ?? null;
      const manual = body.capture_method === 'manual';
      const intent: PaymentIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: body.amount,
        amount_capturable: decline || !manual ? 0 : body.amount,
        amount_received: decline || manual ? 0 : body.amount,
        amount_refunded: 0,
        currency: body.currency.toLowerCase(),
        status: decline ? 'requires_payment_method' : manual ? 'requires_capture' : 'succeeded',
        capture_method: body.capture_method,
        payment_method: { last4: body.payment_method.slice(-4), brand: 'visa' },
        metadata: body.metadata,
        last_payment_error: decline,
        paid_out_at: null,
        captured_at: !decline && !manual ? now() : null,
      };
      this.intents.set(intent.id, intent);
      return intent;
    });
  }

  capture(intentId: string, body: { amount_to_capture: number }): Promise<PaymentIntent> {
    return this.call('capture', () => {
      const intent = this.intentOf(intentId);
      if (intent.status !== 'requires_capture') throw this.invalid(`This PaymentIntent is ${intent.status}`);
      intent.status = 'succeeded';
      intent.amount_received = body.amount_to_capture;
      intent.amount_capturable = 0;
      intent.captured_at = now();
      return intent;
    });
  }

  /** Cancels an uncaptured intent, or reverses a captured one that is not paid out yet. */
  cancel(intentId: string): Promise<PaymentIntent> {
    return this.call('cancel', () => {
      const intent = this.intentOf(intentId);
      if (
        intent.status === 'canceled' ||
        intent.paid_out_at !== null ||
        intent.status === 'requires_payment_method'
      )
        throw this.invalid(`This PaymentIntent cannot be canceled (${intent.status})`);
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      return intent;
    });
  }

  createRefund(body: {
    payment_intent: string;
    amount: number;
    metadata: Record<string, string>;
  }): Promise<Refund> {
    return this.call('createRefund', () => {
      const intent = this.intentOf(body.payment_intent);
      const left = intent.amount_received - intent.amount_refunded;
      const refund: Refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: intent.id,
        amount: body.amount,
        currency: intent.currency,
        status: intent.status === 'succeeded' && body.amount <= left ? 'succeeded' : 'failed',
        metadata: body.metadata,
      };
      if (refund.status === 'succeeded') intent.amount_refunded += body.amount;
      this.refunds.set(refund.id, refund);
      return refund;
    });
  }

  retrieve(intentId: string): Promise<PaymentIntent> {
    return this.call('retrieve', () => this.intentOf(intentId));
  }

  /** Intents and refunds whose metadata names the order id (a Stripe-style search). */
  search(orderId: string): Promise<(PaymentIntent | Refund)[]> {
    return this.call('search', () => [
      ...[...this.intents.values()].filter((i) => i.metadata.order_id === orderId),
      ...[...this.refunds.values()].filter((r) => r.metadata.order_id === orderId),
    ]);
  }

  /** The day's payout: every captured intent is paid out (settled). */
  payout(): void {
    for (const intent of this.intents.values())
      if (intent.status === 'succeeded' && intent.paid_out_at === null) intent.paid_out_at = now();
  }

  private intentOf(intentId: string): PaymentIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw this.invalid(`No such payment_intent: '${intentId}'`, 'not-found');
    return intent;
  }

  private invalid(message: string, kind: 'bad-request' | 'not-found' = 'bad-request') {
    return new IntegrationError(kind, message, { service: 'TestProcessor', call: 'request', status: 400 });
  }
}
