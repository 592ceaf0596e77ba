import { updateRestaurant } from '@brigade/contracts/restaurants';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { AddDomainDialog } from './dialogs';
import { DomainCard } from './domain-card';
import { errorText } from './error-text';
import './domains.css';
import { useDomainMappings, useDomainMutations } from './queries';

/**
 * Domains of the restaurant (decision 010): generated subdomains and custom domains, the DNS
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
