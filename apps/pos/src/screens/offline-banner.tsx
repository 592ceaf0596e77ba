import { Button } from '@brigade/ui/components/button';

export const CARD_NEEDS_CONNECTION = 'Card payments need a connection — take cash or keep the check open';

const salesWord = (n: number) => (n === 1 ? '1 sale' : `${n} sales`);

/**
 * Whether the register is online and how many sales wait to be sent (decision 063), always on screen:
 * offline, a warning that cash sales are kept on the register and card payments need the connection;
 * online, the sales being sent, or a quiet "all sales sent".
 */
export function ConnectionStatus(props: {
  offline: boolean;
  waiting: number;
  syncing: boolean;
  onRetry: () => void;
}) {
  const { offline, waiting, syncing, onRetry } = props;
  const count = (
    <span className="pos-connection__count" data-testid="sync-waiting">
      {waiting === 0 ? 'No sales waiting to sync' : `${salesWord(waiting)} waiting to sync`}
    </span>
  );
  if (offline)
    return (
      <div className="pos-connection pos-offline" role="alert" data-state="offline">
        <p className="pos-offline__text">
          <strong data-testid="connection-state">Offline</strong> — cash sales are kept on this register and
          sent when the connection is back. Card payments need a connection.
        </p>
        {count}
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Check again
        </Button>
      </div>
    );
  return (
    <div className="pos-connection" role="status" data-state={waiting > 0 ? 'syncing' : 'online'}>
      <span className="pos-connection__dot" aria-hidden="true" />
      <strong data-testid="connection-state">Online</strong>
      <span className="pos-connection__count" data-testid="sync-waiting">
        {waiting === 0
          ? 'All sales sent'
          : `${syncing ? 'Sending' : 'Waiting to send'} ${salesWord(waiting)}…`}
      </span>
    </div>
  );
}
