import { SalesReportScreen } from './sales-report';
import './reports.css';

/** /reports: the sales report from the ledger (issue 44). */
export default function ReportsRoute() {
  return <SalesReportScreen />;
}
