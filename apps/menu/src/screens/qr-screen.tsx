import { Button, buttonClass } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useSelection } from '@brigade/ui/selection';
import { qrImageUrl, useMenuLink } from '../queries';
import { LoadError } from './load-error';
import { TopBar } from './top-bar';

/** The QR code of the restaurant's public menu, for staff to print or download (issue 9 §5). */
export function QrScreen() {
  const { restaurant } = useSelection();
  return (
    <div className="menu-app">
      <TopBar />
      <main className="menu-qr" aria-labelledby="qr-title">
        {restaurant ? (
          <QrCard restaurantGuid={restaurant.guid} restaurantName={restaurant.name} />
        ) : (
          <EmptyState title="No restaurant selected" message="Please select a restaurant first" />
        )}
      </main>
    </div>
  );
}

function QrCard({ restaurantGuid, restaurantName }: { restaurantGuid: string; restaurantName: string }) {
  const link = useMenuLink(restaurantGuid);
  return (
    <section className="ui-card menu-qr__card">
      <header className="ui-card__header menu-qr__header">
        <p className="ui-card__eyebrow menu-qr__no-print">Menu QR code</p>
        <h1 id="qr-title" className="ui-card__title">
          {restaurantName}
        </h1>
        <p className="ui-card__description">Scan to see our menu</p>
      </header>
      {link.isError ? (
        <LoadError title="Failed to load the menu address" onRetry={() => void link.refetch()} />
      ) : (
        <>
          <img
            className="menu-qr__image"
            src={qrImageUrl(restaurantGuid, 'svg')}
            alt={`QR code for the menu of ${restaurantName}`}
            width={320}
            height={320}
          />
          <p className="menu-qr__url">
            {link.data ? (
              <a href={link.data.url} target="_blank" rel="noreferrer">
                {link.data.url}
              </a>
            ) : (
              <Skeleton width="16rem" />
            )}
          </p>
          <div className="ui-row menu-qr__actions menu-qr__no-print">
            <Button onClick={() => window.print()}>Print</Button>
            <a className={buttonClass('secondary')} href={qrImageUrl(restaurantGuid, 'svg', true)} download>
              Download SVG
            </a>
            <a className={buttonClass('secondary')} href={qrImageUrl(restaurantGuid, 'png', true)} download>
              Download PNG
            </a>
          </div>
        </>
      )}
    </section>
  );
}
