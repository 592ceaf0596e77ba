import { Link } from 'react-router';

interface Display {
  device: { name: string };
  restaurant: { name: string };
  stations: readonly { prepStationId: number; name: string }[];
}

/**
 * The display's start: which station this screen is for, or the expo. Large targets for a touch screen in a
 * kitchen; the display's name and whether it is live say what it is.
 */
export function StationList({
  display,
  live,
  paths,
}: {
  display: Display;
  live: boolean;
  paths: { station: (prepStationId: number) => string; expo: string };
}) {
  return (
    <main className="kds kitchen-list">
      <header className="kitchen-list__head">
        <p className="kitchen-list__eyebrow">{display.restaurant.name}</p>
        <h1 className="kds__title">Which station is this screen for?</h1>
        <p className="kitchen-list__status" role="status">
          {display.device.name} · {live ? 'Live' : 'Connecting… (checking every 3 seconds)'}
        </p>
      </header>
      {display.stations.length === 0 ? (
        <p className="kds__message" role="status">
          This restaurant has no prep stations yet. A manager adds them (grill, fryer, bar...) in the back
          office; the expo shows every order meanwhile.
        </p>
      ) : null}
      <ul className="kds-stations">
        <li>
          <Link className="ui-card kds-stations__link kds-stations__link--expo" to={paths.expo}>
            Expo: all stations
          </Link>
        </li>
        {display.stations.map((station) => (
          <li key={station.prepStationId}>
            <Link className="ui-card kds-stations__link" to={paths.station(station.prepStationId)}>
              {station.name}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
