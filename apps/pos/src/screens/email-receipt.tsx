import { errorMessage } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useState } from 'react';
import { emailReceipt } from '../drawer-queries';
import { isDeviceRefusal } from '../queries';
import { useRegisterContext } from '../register/context';

/**
 * "Email receipt": the guest's address typed on the register, the receipt sent through the server's mail
 * outbox (docs/behaviour/pos.md#receipts). The server's refusals (a bad address, a voided sale, a fourth
 * send) show in the dialog.
 */
export function EmailReceipt({ orderId, number }: { orderId: number; number: number }) {
  const { scope, device, onRefused } = useRegisterContext();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ sending: boolean; error?: string; sentTo?: string }>({
    sending: false,
  });
  const send = async () => {
    setState({ sending: true });
    try {
      const sent = await emailReceipt(scope, device.token, orderId, email.trim());
      setState({ sending: false, sentTo: sent.to });
      setOpen(false);
    } catch (error) {
      if (isDeviceRefusal(error)) return onRefused(errorMessage(error));
      setState({ sending: false, error: errorMessage(error) });
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Email receipt #${number}`}
        onClick={() => setOpen(true)}
      >
        Email receipt
      </Button>
      {state.sentTo && (
        <span className="pos-sales__note" role="status">
          Receipt sent to {state.sentTo}
        </span>
      )}
      {open && (
        <Dialog
          open
          onClose={() => setOpen(false)}
          title={`Email receipt #${number}`}
          description="The guest's email address: the receipt goes out at once."
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={state.sending}>
                Cancel
              </Button>
              <Button
                loading={state.sending}
                loadingText="Sending..."
                disabled={email.trim() === ''}
                onClick={() => void send()}
              >
                Send receipt
              </Button>
            </>
          }
        >
          {state.error && <Alert tone="error">{state.error}</Alert>}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (email.trim() !== '') void send();
            }}
          >
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </form>
        </Dialog>
      )}
    </>
  );
}
