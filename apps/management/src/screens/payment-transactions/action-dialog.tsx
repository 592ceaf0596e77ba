import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError, FormRow } from '@brigade/ui/app-kit/form';
import { MoneyField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Alert } from '@brigade/ui/components/alert';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useState } from 'react';
import { z } from 'zod';
import { formatMinor, toMinor } from '../../payments-kit/format';
import { isUnanswered, useIdempotentAttempts } from '../../payments-kit/idempotency';
import {
  type Transaction,
  type TransactionAction,
  useTransactionAction,
} from '../../payments-kit/payments-api';
import { dollars } from '../../payments-kit/schemas';

const actionFormSchema = z.object({
  amount: dollars('Amount', 0.01).optional(),
  tipAmount: dollars('Tip', 0).optional(),
});
type ActionValues = z.output<typeof actionFormSchema>;

const COPY: Record<TransactionAction, { title: string; submit: string; pending: string; done: string }> = {
  capture: { title: 'Capture this payment?', submit: 'Capture', pending: 'Capturing...', done: 'Captured' },
  void: { title: 'Void this payment?', submit: 'Void payment', pending: 'Voiding...', done: 'Voided' },
  void_by_order: {
    title: 'Void by order ID?',
    submit: 'Void by order ID',
    pending: 'Voiding...',
    done: 'Checked by order ID',
  },
  refund: {
    title: 'Refund this payment?',
    submit: 'Refund',
    pending: 'Refunding...',
    done: 'Refund approved',
  },
};

/** What the gateway said no with, when the answer is a decline rather than an error. */
function declineOf(answer: Transaction): string | null {
  if (answer.status !== 'declined' && answer.status !== 'failed' && answer.approval !== 'declined')
    return null;
  return [answer.processorText ?? 'The card processor declined it.', answer.advice].filter(Boolean).join(' ');
}

/**
 * The confirmation of a capture, void or refund, with its amount (blank: the whole; a capture can add a
 * tip); voids and refunds, which cannot be undone, confirm with the danger style. Each attempt has its own Idempotency-Key; a retry after no answer reuses it. A decline shows the
 * gateway's words, an error the problem's detail.
 */
export function ActionDialog({
  action,
  transaction,
  onClose,
}: {
  action: TransactionAction;
  transaction: Transaction;
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const attempts = useIdempotentAttempts();
  const run = useTransactionAction(transaction.transactionId, attempts);
  const form = useZodForm(actionFormSchema, { defaultValues: { amount: undefined, tipAmount: undefined } });
  const [problem, setProblem] = useState<{ text: string; unanswered: boolean; decline: boolean } | null>(
    null,
  );
  const copy = COPY[action];

  const submit = async (values: ActionValues) => {
    setProblem(null);
    const input = {
      ...(values.amount === undefined ? {} : { amount: toMinor(values.amount) }),
      ...(action === 'capture' && values.tipAmount ? { tipAmount: toMinor(values.tipAmount) } : {}),
    };
    try {
      const answer = await run.mutateAsync({ action, input });
      const decline = declineOf(answer);
      if (decline) return setProblem({ text: decline, unanswered: false, decline: true });
      toast.success(copy.done);
      onClose();
    } catch (error) {
      const text = applyServerErrors(error, form);
      if (text) setProblem({ text, unanswered: isUnanswered(error), decline: false });
    }
  };

  return (
    <Dialog
      open
      alert
      onClose={onClose}
      title={copy.title}
      description={<ActionDescription action={action} transaction={transaction} />}
      footer={
        <DialogFormFooter
          formId={formId}
          onCancel={onClose}
          pending={run.isPending}
          submitLabel={problem?.unanswered ? 'Try again' : copy.submit}
          pendingLabel={copy.pending}
          tone={action === 'capture' ? 'primary' : 'danger'}
        />
      }
    >
      <Form form={form} onSubmit={submit} id={formId} label={copy.title}>
        <FormRow>
          {action !== 'void_by_order' && (
            <MoneyField name="amount" label="Amount" hint="Blank for the whole amount" />
          )}
          {action === 'capture' && <MoneyField name="tipAmount" label="Tip" hint="Optional" />}
        </FormRow>
        <ActionProblem problem={problem} />
      </Form>
    </Dialog>
  );
}

function ActionProblem({
  problem,
}: {
  problem: { text: string; unanswered: boolean; decline: boolean } | null;
}) {
  if (!problem) return null;
  if (problem.unanswered)
    return (
      <Alert tone="warning" title="No answer yet">
        {problem.text} Trying again is safe: it is sent with the same key.
      </Alert>
    );
  return <FormError message={problem.text} title={problem.decline ? 'Declined' : 'It did not go through'} />;
}

function ActionDescription({ action, transaction }: { action: TransactionAction; transaction: Transaction }) {
  const money = (minor: number | null) => formatMinor(minor, transaction.currency);
  if (action === 'capture')
    return `${money(transaction.authorisedAmount ?? transaction.amount)} is authorised. Capture it, a smaller amount, or add a tip (up to 25% more).`;
  if (action === 'void')
    return `Cancels the payment of ${money(transaction.amount)} before it settles. This cannot be undone.`;
  if (action === 'void_by_order')
    return `The gateway never confirmed this payment of ${money(transaction.amount)}. Voiding by its order ID makes sure the card is not charged; if nothing stands under it, nothing was charged.`;
  const left = transaction.capturedAmount - transaction.refundedAmount;
  return `Gives back up to ${money(left)} to the card. A refund cannot be undone.`;
}
