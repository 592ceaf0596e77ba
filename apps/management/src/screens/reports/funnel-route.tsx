import { OrderingFunnelScreen } from './funnel';
import './reports.css';

/** /reports/funnel: the online-ordering funnel (issue 44). */
export default function OrderingFunnelRoute() {
  return <OrderingFunnelScreen />;
}
