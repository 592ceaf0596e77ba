import { RadioGroupField } from '@brigade/ui/app-kit/choice-fields';
import { Form, FormError, FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { MoneyField, TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { type CardEntryState, CardFrame } from '../../payments-kit/card-frame';
import { formatMinor, toMinor } from '../../payments-kit/format';
import { isUnanswered, useIdempotentAttempts } from '../../payments-kit/idempotency';
import { type Transaction, useAuthorise } from '../../payments-kit/payments-api';
import { PaymentResult } from './payment-result';
import { StoredCardPicker } from './stored-card-picker';
import {
  authoriseBodyOf,
  CHOOSE_STORED_CARD,
  storedCardOf,
  TERMINAL_DEFAULTS,
  type TerminalFormValues,
  terminalFormSchema,
} from './terminal-form-schema';

const MODE_OPTIONS = [
  { value: 'sale', label: 'Sale (charge now)' },
  { value: 'authorise', label: 'Authorise only (capture later)' },
] as const;
const SOURCE_OPTIONS = [
  { value: 'card', label: 'Type a card' },
  { value: 'profile', label: 'Stored card (customer profile)' },
] as const;

/**
 * The virtual terminal: amount, tip, reference, the card (typed into the hosted frame, or a stored customer
 * profile) and "Sale" or "Authorise only".
 * A retry after no answer reuses the attempt's Idempotency-Key; a new payment gets a new one.
 */
export function TerminalForm({ currency, merchid }: { currency: string; merchid: string }) {
  const form = useZodForm(terminalFormSchema, { defaultValues: TERMINAL_DEFAULTS });
  const attempts = useIdempotentAttempts();
  const authorise = useAuthorise(attempts);
  const [card, setCard] = useState<CardEntryState>({ kind: 'empty' });
  const [cardError, setCardError] = useState<string | null>(null);
  const [frameGeneration, setFrameGeneration] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [unanswered, setUnanswered] = useState(false);
  const [result, setResult] = useState<Transaction | null>(null);

  const newCard = () => {
    setCard({ kind: 'empty' });
    setFrameGeneration((n) => n + 1);
    attempts.reset();
    setUnanswered(false);
  };
  const submit = async (values: TerminalFormValues) => {
    setFormError(null);
    const charged = values.source === 'profile' ? storedCardOf(values) : card.kind === 'token' ? card : null;
    if (!charged) {
      if (values.source === 'profile') form.setError('storedCard', { message: CHOOSE_STORED_CARD });
      else
        setCardError(card.kind === 'invalid' ? card.message : 'Enter the card details in the card box first');
      return;
    }
    setCardError(null);
    try {
      setResult(await authorise.mutateAsync(authoriseBodyOf(values, charged)));
      setUnanswered(false);
    } catch (error) {
      setUnanswered(isUnanswered(error));
      setFormError(applyServerErrors(error, form));
    }
  };

  if (result)
    return (
      <PaymentResult
        transaction={result}
        onTryAgain={() => {
          setResult(null);
          newCard();
        }}
        onNewPayment={() => {
          setResult(null);
          form.reset(TERMINAL_DEFAULTS);
          newCard();
        }}
      />
    );
  return (
    <Form form={form} onSubmit={submit} label="Take a card payment" className="pay-terminal">
      <TerminalFields currency={currency} />
      <CardSection
        merchid={merchid}
        card={card}
        generation={frameGeneration}
        error={cardError}
        onChange={(state) => {
          setCard(state);
          if (state.kind === 'token') setCardError(null);
        }}
      />
      <TerminalProblem unanswered={unanswered} formError={formError} />
      <SubmitButton
        currency={currency}
        pending={authorise.isPending}
        retry={unanswered}
        cardReady={card.kind === 'token'}
      />
    </Form>
  );
}

/** Why the payment was not taken, or (no answer came) that trying again is safe. */
function TerminalProblem({ unanswered, formError }: { unanswered: boolean; formError: string | null }) {
  return unanswered ? (
    <Alert tone="warning" title="No answer yet: the payment may have gone through">
      {formError} Trying again is safe: the same request is sent with the same key, so the card is not charged
      twice.
    </Alert>
  ) : (
    <FormError message={formError} title="The payment was not taken" />
  );
}

/**
 * Which card: typed into the hosted frame (which stays mounted, so its token survives a switch), or a stored
 * customer profile chosen from the list.
 */
function CardSection({
  merchid,
  card,
  generation,
  error,
  onChange,
}: {
  merchid: string;
  card: CardEntryState;
  generation: number;
  error: string | null;
  onChange: (state: CardEntryState) => void;
}) {
  const source = useFieldValue<'card' | 'profile'>('source');
  return (
    <FormSection title="Card">
      <RadioGroupField name="source" label="Card to charge" options={SOURCE_OPTIONS} />
      <div hidden={source === 'profile'}>
        <CardFrame state={card} generation={generation} error={error} onChange={onChange} />
      </div>
      {source === 'profile' && <StoredCardPicker merchid={merchid} />}
    </FormSection>
  );
}

function TerminalFields({ currency }: { currency: string }) {
  const symbol = currencySymbol(currency);
  return (
    <>
      <FormSection title="Payment">
        <FormRow>
          <MoneyField name="amount" label="Amount" currency={symbol} />
          <MoneyField name="tipAmount" label="Tip" hint="Optional" currency={symbol} />
        </FormRow>
        <RadioGroupField name="mode" label="Type" options={MODE_OPTIONS} />
        <TextField
          name="orderReference"
          label="Order reference"
          hint="Optional, e.g. a check number"
          maxLength={50}
          autoComplete="off"
        />
      </FormSection>
      <FormSection title="Cardholder" description="Optional: helps the card issuer approve the payment.">
        <FormRow>
          <TextField name="name" label="Name on card" maxLength={30} autoComplete="off" />
          <TextField name="postal" label="Postal code" autoComplete="off" />
        </FormRow>
      </FormSection>
    </>
  );
}

/**
 * "Charge $12.50" / "Authorise $12.50" (the amount as typed, tip included). A typed card can be charged once
 * the hosted frame has posted its token (the frame has no button of its own); a stored card at once.
 */
function SubmitButton({
  currency,
  pending,
  retry,
  cardReady,
}: {
  currency: string;
  pending: boolean;
  retry: boolean;
  cardReady: boolean;
}) {
  const amount = useFieldValue<number | undefined>('amount');
  const tip = useFieldValue<number | undefined>('tipAmount');
  const mode = useFieldValue<'sale' | 'authorise'>('mode');
  const source = useFieldValue<'card' | 'profile'>('source');
  const waiting = source === 'card' && !cardReady;
  const total =
    (typeof amount === 'number' ? toMinor(amount) : 0) + (typeof tip === 'number' ? toMinor(tip) : 0);
  const verb = mode === 'sale' ? 'Charge' : 'Authorise';
  const label = retry ? 'Try again' : total > 0 ? `${verb} ${formatMinor(total, currency)}` : verb;
  return (
    <div className="form-footer">
      {waiting ? (
        <p id="pay-terminal-waiting" className="ui-field__hint pay-terminal__waiting">
          Enter the card in the card box to take the payment.
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        loading={pending}
        loadingText="Processing..."
        disabled={waiting}
        aria-describedby={waiting ? 'pay-terminal-waiting' : undefined}
      >
        {label}
      </Button>
    </div>
  );
}

function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat(undefined, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? '$';
  } catch {
    return '$';
  }
}
