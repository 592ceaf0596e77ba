import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { formatDateTime } from '../../payments-kit/format';
import { type MerchantAccount, useMerchantAccountWrites } from '../../payments-kit/payments-api';

/** "Test connection": asks the gateway about the merchant; shows the answer and the features it has. */
export function ConnectionTest({ account }: { account: MerchantAccount }) {
  const { test } = useMerchantAccountWrites();
  return (
    <section className="ui-card pay-test" aria-labelledby="pay-test-title">
      <div className="pay-test__head">
        <div>
          <h2 id="pay-test-title" className="section-title">
            Connection
          </h2>
          <p className="pay-muted">
            {account.lastTestedAt
              ? `Last tested ${formatDateTime(account.lastTestedAt)}: ${account.lastTestOk ? 'working' : 'failed'}${account.lastTestMessage ? ` (${account.lastTestMessage})` : ''}.`
              : 'Not tested yet.'}{' '}
            Gateway: {account.gatewayUrl}
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => test.mutate()}
          loading={test.isPending}
          loadingText="Testing..."
        >
          Test connection
        </Button>
      </div>
      {test.isError && (
        <Alert title="The test could not run">{errorMessageOf(test.error, 'Test failed')}</Alert>
      )}
      {test.data && (
        <Alert
          tone={test.data.ok ? 'success' : 'error'}
          title={test.data.ok ? 'Connection works' : 'Connection failed'}
        >
          {test.data.message}
          {test.data.features.length > 0 && ` Features: ${test.data.features.join(', ')}.`}
          {test.data.zeroDollarAuth && ' Zero-amount card checks are available.'}
        </Alert>
      )}
    </section>
  );
}
