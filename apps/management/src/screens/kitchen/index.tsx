import { errorMessage } from '@brigade/api-client/problem-error';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button, buttonClass } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { KitchenBoardScreen } from '@brigade/ui/kitchen/board';
import { ExpoScreen } from '@brigade/ui/kitchen/expo';
import { type KitchenData, KitchenDataContext } from '@brigade/ui/kitchen/kitchen-data';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { usePrepStations } from '../../catalogue-kit/catalogue-api';
import { useCurrentRestaurant } from '../../restaurant-context';
import { useOrderStream } from '../orders/live-orders';
import {
  useBumpTicket,
  useExpoBoard,
  useKitchenBoard,
  useMarkReady,
  useRecallTicket,
} from '../orders/orders-api';
import { ORDER_PATHS } from '../orders/paths';
import { TicketAlerts } from '../orders/ticket-alerts';
import '@brigade/ui/kitchen.css';

/** /kitchen (choose the station), /kitchen/:stationId (that station's display), /kitchen/expo (all). */
export default function KitchenRoute() {
  const { stationId } = useParams();
  const data = useBackOfficeKitchen();
  const id = Number(stationId);
  return (
    <KitchenDataContext value={data}>
      {stationId === 'expo' ? (
        <ExpoScreen />
      ) : stationId && Number.isInteger(id) && id > 0 ? (
        <KitchenBoardScreen prepStationId={id} />
      ) : (
        <StationChooser />
      )}
    </KitchenDataContext>
  );
}

/** The kitchen screens in the back office: the tenant's routes, under the staff member's session. */
function useBackOfficeKitchen(): KitchenData {
  const { timezone } = useCurrentRestaurant();
  const stations = usePrepStations().data;
  return useMemo(
    () => ({
      timezone,
      stations,
      useBoard: useKitchenBoard,
      useExpo: useExpoBoard,
      useBump: useBumpTicket,
      useRecall: useRecallTicket,
      useReady: useMarkReady,
      useLive: useOrderStream,
      paths: { stations: ORDER_PATHS.kitchen, station: ORDER_PATHS.station, expo: ORDER_PATHS.expo },
      alerts: <TicketAlerts />,
    }),
    [timezone, stations],
  );
}

function StationChooser() {
  const stations = usePrepStations();
  return (
    <>
      <PageHeader
        title="Kitchen display"
        description="Choose the prep station this screen is for. Each station sees the lines routed to it."
      />
      {stations.isPending ? (
        <SkeletonRows count={3} label="Loading the prep stations" />
      ) : stations.isError ? (
        <ErrorView
          title="Could not load the prep stations"
          message={errorMessage(stations.error)}
          actions={<Button onClick={() => void stations.refetch()}>Try Again</Button>}
        />
      ) : stations.data.length === 0 ? (
        <EmptyState
          title="No prep stations yet"
          message="Add the kitchen's stations (grill, fryer, bar...) and route items to them."
          actions={
            <Link className={buttonClass('primary')} to="/prep-stations">
              Add prep stations
            </Link>
          }
        />
      ) : (
        <ul className="kds-stations">
          <li>
            <Link className="ui-card kds-stations__link kds-stations__link--expo" to={ORDER_PATHS.expo}>
              Expo: all stations
            </Link>
          </li>
          {stations.data.map((station) => (
            <li key={station.prepStationId}>
              <Link className="ui-card kds-stations__link" to={ORDER_PATHS.station(station.prepStationId)}>
                {station.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
