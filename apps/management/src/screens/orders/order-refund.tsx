import { ProblemError } from '@brigade/api-client/problem-error';
import { REFUND_REASON_MESSAGE } from '@brigade/domain/ordering/api';
import { RadioGroupField } from '@brigade/ui/app-kit/choice-fields';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError, FormRow } from '@brigade/ui/app-kit/form';
import { MoneyField, NumberField, TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useState } from 'react';
import { z } from 'zod';
import { formatMinor, toMinor } from '../../payments-kit/format';
import { useIdempotentAttempts } from '../../payments-kit/idempotency';
import { dollars } from '../../payments-kit/schemas';
import { type Order, useRefundOrder } from './orders-api';

const QUANTITY_MESSAGE = 'Enter a whole number';
const refundFormSchema = z
  .object({
    /** An amount of money, or chosen lines (each line's price and its tax). */
    mode: z.enum(['amount', 'lines']),
    amount: dollars('Amount', 0.01).optional(),
    /** How many of each order line to give back (by the line's place on the order). */
    quantities: z.array(z.number({ error: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(0).optional()),
    reason: z
      .string({ error: REFUND_REASON_MESSAGE })
      .trim()
      .min(1, REFUND_REASON_MESSAGE)
      .max(200, 'Reason cannot exceed 200 characters'),
  })
  .refine((values) => values.mode !== 'lines' || values.quantities.some((quantity) => (quantity ?? 0) > 0), {
    path: ['quantities'],
    message: 'Choose at least one item to refund',
    // said together with the other fields' problems (a missing reason), not after them
    when: (payload) => Array.isArray((payload.value as { quantities?: unknown }).quantities),
  });
type RefundValues = z.output<typeof refundFormSchema>;

/** Statuses of an order the restaurant accepted (a sale): the ones a refund of part applies to. */
const SOLD = new Set(['accepted', 'in_preparation', 'ready', 'completed']);

/**
 * "Refund part" on the order page (managers and above; the page shows it to them only): an amount (blank
 * for what is left), or how many of each line (each at its price, with its tax), and a reason. Before the payment settles the gateway cannot refund part of it, so the
 * refund is scheduled and goes out once it settles; the page says what is scheduled.
 */
export function RefundControl({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  if (!SOLD.has(order.status) || !order.transactionId) return null;
  const refundable = order.refundableAmount ?? 0;
  const scheduled = order.scheduledRefundAmount ?? 0;
  const money = (minor: number) => formatMinor(minor, order.currency);
  const waiting =
    scheduled > 0 ? (
      <p className="ord-refund__note ui-small ui-muted">
        {money(scheduled)} will be refunded once the payment settles (usually the next day).
      </p>
    ) : null;
  if (refundable === 0)
    return (
      waiting ?? (
        <p className="ord-refund__note ui-small ui-muted">
          {order.refundedAmount ? 'Refunded in full.' : 'Nothing is left to refund.'}
        </p>
      )
    );
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Refund part
      </Button>
      {waiting}
      {open && <RefundDialog order={order} refundable={refundable} onClose={() => setOpen(false)} />}
    </>
  );
}

function RefundDialog({
  order,
  refundable,
  onClose,
}: {
  order: Order;
  refundable: number;
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const attempts = useIdempotentAttempts();
  const refund = useRefundOrder(order.orderId, attempts);
  const form = useZodForm(refundFormSchema, {
    defaultValues: { mode: 'amount', amount: undefined, quantities: order.lines.map(() => 0), reason: '' },
  });
  const mode = form.watch('mode');
  const [problem, setProblem] = useState<string | null>(null);
  const money = (minor: number) => formatMinor(minor, order.currency);
  // before settlement the refund waits for it (the server schedules it)
  const later = order.refundWaitsForSettlement === true;
  const submit = async (values: RefundValues) => {
    setProblem(null);
    const { body, lines } = requestOf(values);
    try {
      await refund.mutateAsync(body);
      toast.success(
        later ? `Order #${order.number}: refund scheduled` : `Order #${order.number}: refund approved`,
      );
      onClose();
    } catch (error) {
      if (lines) placeLineErrors(error, lines, form.setError);
      setProblem(applyServerErrors(error, form));
    }
  };
  return (
    <Dialog
      open
      alert
      onClose={onClose}
      title={`Refund part of #${order.number}?`}
      description={
        later
          ? `Up to ${money(refundable)} can go back to the guest’s card. The payment has not settled yet: the refund is sent once it does (usually the next day). A refund cannot be undone.`
          : `Up to ${money(refundable)} can go back to the guest’s card. A refund cannot be undone.`
      }
      footer={
        <DialogFormFooter
          formId={formId}
          onCancel={onClose}
          pending={refund.isPending}
          submitLabel={later ? 'Schedule refund' : 'Refund'}
          pendingLabel={later ? 'Scheduling...' : 'Refunding...'}
          tone="danger"
        />
      }
    >
      <Form form={form} onSubmit={submit} id={formId} label="Refund part of the order">
        <RadioGroupField name="mode" label="Refund" options={MODES} />
        {mode === 'amount' ? (
          <FormRow>
            <MoneyField
              name="amount"
              label="Amount"
              hint={`Blank for all that is left (${money(refundable)})`}
            />
          </FormRow>
        ) : (
          <RefundLines order={order} problem={listProblem(form.formState.errors.quantities)} />
        )}
        <TextField name="reason" label="Reason" maxLength={200} hint="Kept in the order’s history" />
        {problem ? <FormError message={problem} title="It did not go through" /> : null}
      </Form>
    </Dialog>
  );
}

const MODES = [
  { value: 'amount', label: 'An amount' },
  { value: 'lines', label: 'Items, with their tax' },
] as const;

/** The refund's request: the lines with a quantity, or the amount (none: what is left). */
function requestOf(values: RefundValues) {
  const lines =
    values.mode === 'lines'
      ? values.quantities.flatMap((quantity, line) => (quantity ? [{ line, quantity }] : []))
      : undefined;
  const body = {
    reason: values.reason,
    ...(lines ? { lines } : values.amount === undefined ? {} : { amount: toMinor(values.amount) }),
  };
  return { body, lines };
}

/** The problem of the quantity boxes as a whole (react-hook-form keeps a list's own problem as its `root`). */
function listProblem(error: unknown): string | undefined {
  const list = error as { message?: string; root?: { message?: string } } | undefined;
  return list?.root?.message ?? list?.message;
}

/** A line's problem on the line's own box: the server names it by its place in what was sent. */
function placeLineErrors(
  error: unknown,
  sent: readonly { line: number }[],
  setError: (name: `quantities.${number}`, error: { type: string; message: string }) => void,
) {
  if (!(error instanceof ProblemError)) return;
  for (const fieldError of error.errors) {
    const at = /^(?:body[./])?lines[./](\d+)/.exec(fieldError.path);
    const line = at ? sent[Number(at[1])]?.line : undefined;
    if (line !== undefined) setError(`quantities.${line}`, { type: 'server', message: fieldError.message });
  }
}

/** One quantity box per line of the order: what is left of it to refund, and its price each. */
function RefundLines({ order, problem }: { order: Order; problem: string | undefined }) {
  const given = new Map((order.refundedLines ?? []).map((entry) => [entry.line, entry.quantity]));
  const money = (minor: number) => formatMinor(minor, order.currency);
  return (
    <fieldset className="ord-refund__lines">
      <legend className="ui-field__label">How many of each</legend>
      {order.lines.map((line, index) => {
        const left = line.quantity - (given.get(index) ?? 0);
        return (
          <NumberField
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
            key={index}
            name={`quantities.${index}`}
            label={`${line.name}${line.sizeName ? ` (${line.sizeName})` : ''}`}
            hint={
              left > 0
                ? `${left} of ${line.quantity} can be refunded, ${money(Math.round(line.lineTotal / line.quantity))} each`
                : 'Refunded in full'
            }
            min={0}
            max={Math.max(left, 0)}
            step={1}
            disabled={left <= 0}
          />
        );
      })}
      {problem ? (
        <p className="ui-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
