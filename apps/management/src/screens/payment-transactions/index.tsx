import { useParams } from 'react-router';
import { TransactionPage } from './transaction-page';
import { TransactionsScreen } from './transactions-screen';

/** /payments/transactions (the list) and /payments/transactions/:transactionId (one transaction). */
export default function PaymentTransactionsRoute() {
  const { transactionId } = useParams();
  return transactionId ? <TransactionPage transactionId={transactionId} /> : <TransactionsScreen />;
}
