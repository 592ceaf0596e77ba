import {
  isUsable,
  needsSslRenewal,
  needsVerification,
  protocolFor,
  verificationRecordName,
} from '@brigade/domain/domain-mapping';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { DomainSettingsDialog } from './dialogs';
import { errorText } from './error-text';
import { type Mapping, useDomainMutations } from './queries';

const VERIFICATION_LABEL = {
  pending: 'Pending verification',
  verified: 'Verified',
  failed: 'Verification failed',
};
const SSL_LABEL = {
  pending: 'SSL pending',
  issued: 'SSL issued',
  failed: 'SSL failed',
  expired: 'SSL expired',
};

/** One domain: its address and states, Set as primary, Redirects & SEO, Remove, and the DNS record to prove it. */
export function DomainCard({ mapping, highlighted }: { mapping: Mapping; highlighted: boolean }) {
  const { setPrimary } = useDomainMutations();
  const toast = useToast();
  const [settings, setSettings] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const headingId = `domain-${mapping.guid}`;
  const makePrimary = async () => {
    try {
      await setPrimary.mutateAsync(mapping.guid);
      toast.success(`${mapping.domain} is now the primary domain`);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <li className="domain-card" data-highlighted={highlighted || undefined} aria-labelledby={headingId}>
      <div className="domain-card__top">
        <div className="domain-card__title">
          <DomainName mapping={mapping} headingId={headingId} />
          <DomainBadges mapping={mapping} />
        </div>
        <div className="ui-row domain-card__actions">
          {!mapping.isPrimary && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void makePrimary()}
              loading={setPrimary.isPending}
            >
              Set as primary
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => setSettings(true)}>
            Redirects & SEO
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
            Remove
          </Button>
        </div>
      </div>
      {mapping.domainType === 'custom' && needsVerification(mapping) && <DnsVerification mapping={mapping} />}
      {settings && <DomainSettingsDialog mapping={mapping} onClose={() => setSettings(false)} />}
      <RemoveDomainDialog mapping={mapping} open={deleting} onClose={() => setDeleting(false)} />
    </li>
  );
}

/** The domain as the card's heading: a link to the site once it answers there. */
function DomainName({ mapping, headingId }: { mapping: Mapping; headingId: string }) {
  return (
    <h2 id={headingId} className="domain-card__domain">
      {isUsable(mapping) ? (
        <a href={`${protocolFor(mapping)}://${mapping.domain}`} target="_blank" rel="noreferrer">
          {mapping.domain}
        </a>
      ) : (
        mapping.domain
      )}
    </h2>
  );
}

function DomainBadges({ mapping }: { mapping: Mapping }) {
  return (
    <div className="ui-row domain-card__badges">
      <span className="ui-badge">{mapping.domainType === 'custom' ? 'Custom domain' : 'Subdomain'}</span>
      {mapping.isPrimary && <span className="ui-badge ui-badge--brand">Primary</span>}
      <span
        className={`ui-badge ${mapping.verificationStatus === 'verified' ? 'ui-badge--success' : 'ui-badge--warning'}`}
      >
        {VERIFICATION_LABEL[mapping.verificationStatus]}
      </span>
      <span
        className={`ui-badge ${mapping.sslStatus === 'issued' ? 'ui-badge--success' : needsSslRenewal(mapping) ? 'ui-badge--warning' : ''}`}
      >
        {SSL_LABEL[mapping.sslStatus]}
      </span>
      {!mapping.isActive && <span className="ui-badge ui-badge--warning">Inactive</span>}
      {mapping.redirectConfig.redirectTo && <span className="ui-badge">Redirects</span>}
      {mapping.seoConfig.noIndex && <span className="ui-badge">noindex</span>}
    </div>
  );
}

/** "3 attempts, last <time>", or how long DNS changes take before the first attempt. */
function attemptsText(hosting: Mapping['hostingConfig']): string {
  const attempts = hosting.verificationAttempts;
  if (attempts === 0) return 'DNS changes can take a few minutes to show.';
  const last = hosting.lastVerificationAttempt
    ? `, last ${new Date(hosting.lastVerificationAttempt).toLocaleString()}`
    : '';
  return `${attempts} attempt${attempts === 1 ? '' : 's'}${last}`;
}

/** A custom domain's proof of ownership: the TXT record to create, Verify now, and why it is not verified. */
function DnsVerification({ mapping }: { mapping: Mapping }) {
  const { verify } = useDomainMutations();
  const toast = useToast();
  const [verifyMessage, setVerifyMessage] = useState<string | null>(null);
  const runVerify = async () => {
    setVerifyMessage(null);
    try {
      const result = await verify.mutateAsync(mapping.guid);
      if (result.verification.verified) toast.success(`${mapping.domain} is verified`);
      else setVerifyMessage(result.verification.verificationError ?? 'The DNS record was not found yet.');
    } catch (error) {
      setVerifyMessage(errorText(error));
    }
  };
  return (
    <div className="domain-dns">
      <p className="domain-dns__intro">
        To prove you own <strong>{mapping.domain}</strong>, create this DNS record at your domain provider,
        then verify:
      </p>
      <table className="domain-dns__table">
        <caption className="ui-visually-hidden">DNS record to create for {mapping.domain}</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label="Type">TXT</td>
            <td data-label="Name">
              <CopyText text={verificationRecordName(mapping.domain)} />
            </td>
            <td data-label="Value">
              <CopyText text={mapping.verificationToken ?? ''} />
            </td>
          </tr>
        </tbody>
      </table>
      <div className="ui-row">
        <Button
          size="sm"
          onClick={() => void runVerify()}
          loading={verify.isPending}
          loadingText="Checking..."
        >
          Verify now
        </Button>
        <span className="ui-small ui-muted">{attemptsText(mapping.hostingConfig)}</span>
      </div>
      {(verifyMessage ?? mapping.hostingConfig.verificationError) && (
        <Alert tone="warning" title="Not verified yet">
          {verifyMessage ?? mapping.hostingConfig.verificationError}
        </Alert>
      )}
    </div>
  );
}

function RemoveDomainDialog({
  mapping,
  open,
  onClose,
}: {
  mapping: Mapping;
  open: boolean;
  onClose: () => void;
}) {
  const { remove } = useDomainMutations();
  const toast = useToast();
  return (
    <ConfirmDialog
      open={open}
      title={`Remove ${mapping.domain}?`}
      message="The site stops answering on this domain. You can add it again later."
      confirmLabel="Remove"
      pendingLabel="Removing..."
      pending={remove.isPending}
      error={remove.error ? errorText(remove.error) : null}
      onConfirm={() =>
        remove.mutate(mapping.guid, {
          onSuccess: () => {
            onClose();
            toast.success(`${mapping.domain} removed`);
          },
        })
      }
      onCancel={() => {
        onClose();
        remove.reset();
      }}
    />
  );
}

/** A value to copy into the DNS provider's form: selectable text and a copy button. */
function CopyText({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="domain-copy">
      <code className="domain-copy__text">{text}</code>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Copy ${text}`}
        onClick={() =>
          void navigator.clipboard?.writeText(text).then(
            () => {
              setCopied(true);
              window.setTimeout(() => setCopied(false), 1500);
            },
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </span>
  );
}
