import { Button } from '@brigade/ui/components/button';

/** Shown at once when the network is gone: the register refuses money it could not record (issue 46). */
export function OfflineBanner({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="pos-offline" role="alert">
      <p className="pos-offline__text">
        <strong>Offline</strong> — this register cannot take money until the connection is back
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Check again
      </Button>
    </div>
  );
}
