import { ProblemError } from '@brigade/api-client/problem-error';
import { updateRestaurant } from '@brigade/contracts/restaurants';
import {
  isUsable,
  needsSslRenewal,
  needsVerification,
  protocolFor,
  verificationRecordName,
} from '@brigade/domain/domain-mapping';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { AddDomainDialog, DomainSettingsDialog } from './dialogs';
import './domains.css';
import { type Mapping, useDomainMappings, useDomainMutations } from './queries';

/** A problem as one line: its field messages (e.g. the domain rules), else its detail. */
const errorText = (error: unknown): string => {
  if (error instanceof ProblemError) {
    const messages = error.errors.map((e) => e.message);
    return messages.length > 0 ? messages.join(' ') : error.detail;
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
};

/**
 * Domains of the restaurant (spec 01 §3–§5, decision 010): generated subdomains and custom domains, the DNS
 * record that proves a custom domain, verification, the primary domain, redirects and SEO settings. Mapping
 * domains is for owners and admins of the organization (the server checks it too).
 */
export default function DomainsScreen() {
  const canManage = useCan(updateRestaurant);
  const { restaurantName } = useCurrentRestaurant();
  const mappings = useDomainMappings(canManage);
  const { generateSubdomain } = useDomainMutations();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);

  const generate = async () => {
    try {
      const mapping = await generateSubdomain.mutateAsync();
      setHighlight(mapping.guid);
      toast.success(`${mapping.domain} is ready`);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <>
      <PageHeader
        title="Domains"
        description={`Where people find the website of ${restaurantName}.`}
        actions={
          canManage && (
            <>
              <Button
                variant="secondary"
                onClick={() => void generate()}
                loading={generateSubdomain.isPending}
              >
                Generate subdomain
              </Button>
              <Button onClick={() => setAdding(true)}>Add custom domain</Button>
            </>
          )
        }
      />
      {!canManage ? (
        <Alert tone="info" title="Only owners and admins manage domains">
          Ask an owner or admin of your organization to add or change the domains of this restaurant.
        </Alert>
      ) : mappings.isPending ? (
        <SkeletonRows count={3} label="Loading domains" />
      ) : mappings.isError ? (
        <ErrorView
          title="Failed to load domains"
          message={mappings.error.message}
          actions={<Button onClick={() => void mappings.refetch()}>Try Again</Button>}
        />
      ) : mappings.data.length === 0 ? (
        <EmptyState
          title="No domains yet"
          message="Generate a free subdomain, or add a domain you own. Until then the site lives at its address on the platform."
        />
      ) : (
        <ul className="domain-list" aria-label="Domains">
          {mappings.data.map((mapping) => (
            <DomainCard key={mapping.guid} mapping={mapping} highlighted={highlight === mapping.guid} />
          ))}
        </ul>
      )}
      {adding && <AddDomainDialog onClose={() => setAdding(false)} onAdded={(m) => setHighlight(m.guid)} />}
    </>
  );
}

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

function DomainCard({ mapping, highlighted }: { mapping: Mapping; highlighted: boolean }) {
  const { setPrimary, verify, remove } = useDomainMutations();
  const toast = useToast();
  const [settings, setSettings] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [verifyMessage, setVerifyMessage] = useState<string | null>(null);
  const usable = isUsable(mapping);
  const address = `${protocolFor(mapping)}://${mapping.domain}`;
  const headingId = `domain-${mapping.guid}`;

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
          <h2 id={headingId} className="domain-card__domain">
            {usable ? (
              <a href={address} target="_blank" rel="noreferrer">
                {mapping.domain}
              </a>
            ) : (
              mapping.domain
            )}
          </h2>
          <div className="ui-row domain-card__badges">
            <span className="ui-badge">
              {mapping.domainType === 'custom' ? 'Custom domain' : 'Subdomain'}
            </span>
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

      {mapping.domainType === 'custom' && needsVerification(mapping) && (
        <div className="domain-dns">
          <p className="domain-dns__intro">
            To prove you own <strong>{mapping.domain}</strong>, create this DNS record at your domain
            provider, then verify:
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
            <span className="ui-small ui-muted">
              {mapping.hostingConfig.verificationAttempts > 0
                ? `${mapping.hostingConfig.verificationAttempts} attempt${mapping.hostingConfig.verificationAttempts === 1 ? '' : 's'}${
                    mapping.hostingConfig.lastVerificationAttempt
                      ? `, last ${new Date(mapping.hostingConfig.lastVerificationAttempt).toLocaleString()}`
                      : ''
                  }`
                : 'DNS changes can take a few minutes to show.'}
            </span>
          </div>
          {(verifyMessage ?? mapping.hostingConfig.verificationError) && (
            <Alert tone="warning" title="Not verified yet">
              {verifyMessage ?? mapping.hostingConfig.verificationError}
            </Alert>
          )}
        </div>
      )}

      {settings && <DomainSettingsDialog mapping={mapping} onClose={() => setSettings(false)} />}
      <ConfirmDialog
        open={deleting}
        title={`Remove ${mapping.domain}?`}
        message="The site stops answering on this domain. You can add it again later."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onConfirm={() =>
          remove.mutate(mapping.guid, {
            onSuccess: () => {
              setDeleting(false);
              toast.success(`${mapping.domain} removed`);
            },
          })
        }
        onCancel={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </li>
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
