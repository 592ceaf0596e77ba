import { Button } from '@brigade/ui/components/button';

export const CARD_NEEDS_CONNECTION = 'Card payments need a connection — take cash or keep the check open';

const salesWord = (n: number) => (n === 1 ? '1 sale' : `${n} sales`);

/**
 * Shown while the register is offline or sales wait to be sent (decision 063; the top bar always says
 * Online or Offline): offline, that cash sales are kept on the register and card payments need the
 * connection, with the count waiting; online, the sales being sent.
 */
export function ConnectionStatus(props: {
  offline: boolean;
  waiting: number;
  syncing: boolean;
  onRetry: () => void;
}) {
  const { offline, waiting, syncing, onRetry } = props;
  if (!offline && waiting === 0) return null;
  const count = (
    <span className="pos-connection__count" data-testid="sync-waiting">
      {waiting === 0 ? 'No sales waiting to sync' : `${salesWord(waiting)} waiting to sync`}
    </span>
  );
  if (offline)
    return (
      <div className="pos-connection pos-offline" role="alert" data-state="offline">
        <p className="pos-offline__text">
          <strong>Offline</strong> — cash sales are kept on this register and sent when the connection is
          back. Card payments need a connection: keep the check open with “Send, pay later”.
        </p>
        {count}
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Check again
        </Button>
      </div>
    );
  return (
    <div className="pos-connection" role="status" data-state="syncing">
      <span className="pos-connection__dot" aria-hidden="true" />
      <strong>Online</strong>
      <span className="pos-connection__count" data-testid="sync-waiting">
        {`${syncing ? 'Sending' : 'Waiting to send'} ${salesWord(waiting)}…`}
      </span>
    </div>
  );
}
