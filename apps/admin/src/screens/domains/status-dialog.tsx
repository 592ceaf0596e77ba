import { errorMessage } from '@brigade/api-client/problem-error';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { type DomainRow, useDomainWrites, useHostingStatus, useMappingStatus } from './domains-api';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function MappingStatus({ guid }: { guid: string }) {
  const status = useMappingStatus(guid);
  if (status.isPending) return <SkeletonRows count={2} label="Loading the status" />;
  if (status.error) return <Alert tone="error">{errorMessage(status.error)}</Alert>;
  const s = status.data;
  return (
    <dl className="admin-facts">
      <dt>Usable</dt>
      <dd>{yesNo(s.isUsable)}</dd>
      <dt>Needs verification</dt>
      <dd>{yesNo(s.needsVerification)}</dd>
      <dt>Needs SSL renewal</dt>
      <dd>{yesNo(s.needsSslRenewal)}</dd>
      <dt>Served over</dt>
      <dd>{s.protocol.toUpperCase()}</dd>
      {s.verificationRecord && (
        <>
          <dt>TXT record</dt>
          <dd className="admin-wrap">
            <code>{s.verificationRecord.name}</code> = <code>{s.verificationRecord.value}</code>
          </dd>
        </>
      )}
    </dl>
  );
}

function HostingStatus({ domain }: { domain: string }) {
  const hosting = useHostingStatus(domain);
  const { addToHosting } = useDomainWrites();
  const toast = useToast();
  if (hosting.isPending) return <SkeletonRows count={2} label="Asking the hosting provider" />;
  if (hosting.error) return <Alert tone="error">{errorMessage(hosting.error)}</Alert>;
  if (hosting.data === null)
    return (
      <div className="admin-section-plain">
        <p className="admin-note">The hosting provider does not have this domain yet.</p>
        <div>
          <Button
            variant="secondary"
            loading={addToHosting.isPending}
            loadingText="Adding..."
            onClick={() =>
              addToHosting.mutate(domain, {
                onSuccess: () => {
                  toast.success(`${domain} added at the hosting provider`);
                  void hosting.refetch();
                },
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            Add to the hosting provider
          </Button>
        </div>
      </div>
    );
  const h = hosting.data;
  return (
    <dl className="admin-facts">
      <dt>Verified at the provider</dt>
      <dd>{yesNo(h.verified)}</dd>
      <dt>SSL</dt>
      <dd>{h.sslEnabled ? 'Enabled' : 'Not yet'}</dd>
      <dt>Configured by</dt>
      <dd>{h.configuredBy ?? 'Not configured'}</dd>
    </dl>
  );
}

/** A mapping's status here and at the hosting provider. */
export function StatusDialog({ row, onClose }: { row: DomainRow; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Status of ${row.mapping.domain}`}
      description={`${row.restaurantName} (${row.tenantDisplayName})`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <h3 className="admin-section__title">In Brigade</h3>
      <MappingStatus guid={row.mapping.guid} />
      <h3 className="admin-section__title">At the hosting provider</h3>
      <HostingStatus domain={row.mapping.domain} />
    </Dialog>
  );
}
