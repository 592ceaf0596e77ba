import { errorMessage } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useKiosk } from '../kiosk-context';
import { useKioskReceipt } from '../queries';

/**
 * After paying by card (docs/behaviour/kiosk.md#receipts): "Print receipt" (when the kiosk has a receipt
 * printer), "Email receipt" (an address field and "Send receipt") and "No receipt", which ends the visit.
 * Each is offered until it is done; `onActivity` keeps the confirmation open while the guest types.
 */
export function ReceiptChoices(props: { orderId: number; onDone: () => void; onActivity: () => void }) {
  const { kiosk, menu } = useKiosk();
  const print = useKioskReceipt(kiosk.token, props.orderId);
  const mail = useKioskReceipt(kiosk.token, props.orderId);
  const [asking, setAsking] = useState(false);
  const printed = print.isSuccess;
  const emailedTo = mail.data && 'emailedTo' in mail.data ? mail.data.emailedTo : null;
  const error = print.error ?? mail.error;
  return (
    <section className="kiosk-receipt" aria-label="Receipt">
      {(printed || emailedTo) && (
        <p className="kiosk-receipt__done" role="status">
          {printed && 'Your receipt is printing: please take it from the printer. '}
          {emailedTo && `Your receipt is on its way to ${emailedTo}.`}
        </p>
      )}
      {error && (
        <Alert tone="error" title="No receipt this time">
          {errorMessage(error)}
        </Alert>
      )}
      {asking && !emailedTo ? (
        <EmailForm
          sending={mail.isPending}
          onSend={(email) => mail.mutate({ email })}
          onBack={() => setAsking(false)}
          onActivity={props.onActivity}
        />
      ) : (
        <div className="kiosk-receipt__buttons">
          {menu?.receiptPrinter && !printed && (
            <Button
              size="lg"
              loading={print.isPending}
              loadingText="Printing..."
              onClick={() => print.mutate({ print: true })}
            >
              Print receipt
            </Button>
          )}
          {!emailedTo && (
            <Button
              size="lg"
              variant={menu?.receiptPrinter && !printed ? 'secondary' : 'primary'}
              onClick={() => {
                setAsking(true);
                props.onActivity();
              }}
            >
              Email receipt
            </Button>
          )}
          <Button size="lg" variant="secondary" onClick={props.onDone}>
            {printed || emailedTo ? 'Done' : 'No receipt'}
          </Button>
        </div>
      )}
    </section>
  );
}

function EmailForm(props: {
  sending: boolean;
  onSend: (email: string) => void;
  onBack: () => void;
  onActivity: () => void;
}) {
  const [email, setEmail] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const send = (event: FormEvent) => {
    event.preventDefault();
    props.onSend(email.trim());
  };
  return (
    <form className="kiosk-receipt__email" onSubmit={send} noValidate>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor="kiosk-receipt-email">
          Your email
        </label>
        <input
          id="kiosk-receipt-email"
          className="ui-field__input kiosk-input"
          ref={field}
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            props.onActivity();
          }}
        />
      </div>
      <div className="kiosk-receipt__buttons">
        <Button type="submit" size="lg" loading={props.sending} loadingText="Sending...">
          Send receipt
        </Button>
        <Button type="button" size="lg" variant="secondary" onClick={props.onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}
