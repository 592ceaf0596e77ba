import {
  EMPTY_ANSWER,
  type PaymentProvider,
  type ProcessorAnswer,
  type ProcessorInquiry,
  type VoidAnswer,
} from '@brigade/domain/payments/provider-port';
import type { PaymentIntent, Refund, TestProcessor } from './processor';

/**
 * The test processor behind Brigade's payment provider port (decision 061): the whole of a second provider.
 * Its words (payment intents, `requires_capture`, decline codes, payouts) are turned into the port's here, as
 * CardPointe's are in packages/integrations/cardpointe/src/provider.ts; nothing else in Brigade changes.
 */
export function testProvider(processor: TestProcessor): PaymentProvider {
  return {
    name: 'Test processor',
    authorise: async (request) => {
      if (!('token' in request.card)) throw new Error('The test processor keeps no stored cards');
      const intent = await processor.createPaymentIntent({
        amount: request.amount,
        currency: request.currency,
        payment_method: request.card.token,
        capture_method: request.capture ? 'automatic' : 'manual',
        metadata: { order_id: request.paymentOrderId },
      });
      return intentAnswer(intent);
    },
    capture: async (request) =>
      intentAnswer(
        await processor.capture(request.processorReference, { amount_to_capture: request.amount }),
      ),
    void: async (request) => {
      if (request.amount !== undefined)
        return {
          ...EMPTY_ANSWER,
          approval: 'declined',
          processorText: 'Partial cancel is not supported',
          voided: false,
        };
      return cancelled(processor, request.processorReference);
    },
    voidByOrder: async (paymentOrderId) => {
      const found = (await processor.search(paymentOrderId)).filter(
        (entry): entry is PaymentIntent =>
          entry.object === 'payment_intent' && entry.status !== 'requires_payment_method',
      );
      if (found.length === 0)
        return { ...EMPTY_ANSWER, approval: 'declined', processorText: 'Nothing to cancel', voided: false };
      return cancelled(processor, found[0]!.id);
    },
    refund: async (request) =>
      refundAnswer(
        await processor.createRefund({
          payment_intent: request.processorReference,
          amount: request.amount,
          metadata: { order_id: request.paymentOrderId },
        }),
      ),
    inquire: async (reference) => inquiryOf(await processor.retrieve(reference)),
    findByOrder: async (paymentOrderId) =>
      (await processor.search(paymentOrderId)).map((entry) =>
        entry.object === 'refund' ? refundAnswer(entry) : intentAnswer(entry),
      ),
    checkAccount: async () => ({ enabled: true, features: ['Card payments'], zeroDollarAuth: false }),
    settlements: async () => [],
  };
}

async function cancelled(processor: TestProcessor, intentId: string): Promise<VoidAnswer> {
  try {
    return { ...intentAnswer(await processor.cancel(intentId)), voided: true };
  } catch (error) {
    if (error instanceof Error && /cannot be canceled/.test(error.message))
      return { ...EMPTY_ANSWER, approval: 'declined', processorText: error.message, voided: false };
    throw error;
  }
}

/** The settlement states, as the port names them, from an intent's status. */
function settlementStatusOf(intent: PaymentIntent): string | null {
  switch (intent.status) {
    case 'requires_capture':
      return 'Authorized';
    case 'succeeded':
      return intent.paid_out_at === null ? 'Queued for Capture' : null;
    case 'canceled':
      return 'Voided';
    default:
      return 'Declined';
  }
}

function intentAnswer(intent: PaymentIntent): ProcessorAnswer {
  const declined = intent.status === 'requires_payment_method';
  return {
    ...EMPTY_ANSWER,
    approval: declined ? 'declined' : 'approved',
    processorReference: intent.id,
    amount: intent.status === 'requires_capture' ? intent.amount_capturable : intent.amount_received,
    processorCode: intent.last_payment_error?.decline_code ?? null,
    processorText: intent.last_payment_error?.message ?? intent.status,
    processorPlatform: 'TEST',
    settlementStatus: settlementStatusOf(intent),
    // a generic decline: do not retry the card; insufficient funds: retry later
    declineCategory: declined
      ? intent.last_payment_error?.decline_code === 'insufficient_funds'
        ? '2'
        : '1'
      : null,
  };
}

const refundAnswer = (refund: Refund): ProcessorAnswer => ({
  ...EMPTY_ANSWER,
  approval: refund.status === 'succeeded' ? 'approved' : 'declined',
  processorReference: refund.id,
  amount: refund.amount,
  processorText: refund.status,
  processorPlatform: 'TEST',
});

function inquiryOf(intent: PaymentIntent): ProcessorInquiry {
  const paidOut = intent.paid_out_at !== null;
  const at = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));
  return {
    ...intentAnswer(intent),
    voidable: !paidOut && (intent.status === 'requires_capture' || intent.status === 'succeeded'),
    refundable: paidOut && intent.amount_refunded < intent.amount_received,
    capturedAt: at(intent.captured_at),
    settledAt: at(intent.paid_out_at),
  };
}
