import { useParams } from 'react-router';
import { OrderPage } from './order-page';
import { OrdersScreen } from './orders-screen';
import { OrderingSettingsScreen } from './settings-screen';
import { SalesSummaryScreen } from './summary-screen';
import './orders.css';

/** /orders (the live list), /orders/:orderId, /orders/summary and /orders/settings. */
export default function OrdersRoute() {
  const { orderId } = useParams();
  if (orderId === 'summary') return <SalesSummaryScreen />;
  if (orderId === 'settings') return <OrderingSettingsScreen />;
  const id = Number(orderId);
  return orderId && Number.isInteger(id) && id > 0 ? <OrderPage orderId={id} /> : <OrdersScreen />;
}
