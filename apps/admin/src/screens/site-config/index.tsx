import { errorMessage } from '@brigade/api-client/problem-error';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import type { ComponentType } from 'react';
import { NavLink, useParams } from 'react-router';
import { ColorSchemesTab } from './color-schemes';
import { EffectiveTab } from './effective';
import { FallbackImagesTab } from './fallback-images';
import { FallbackTextsTab } from './fallback-texts';
import { HistoryTab } from './history';
import { type SiteConfig, useSiteConfig, useSiteConfigWrites } from './site-config-api';
import { LayoutTemplatesTab } from './templates';
import './site-config.css';

export interface TabProps {
  config: SiteConfig;
}

/** The sections of the site configuration, each its own address under /site-config. */
const TABS: readonly { path: string; label: string; Tab: ComponentType<TabProps> }[] = [
  { path: '', label: 'Layout templates', Tab: LayoutTemplatesTab },
  { path: 'color-schemes', label: 'Colour schemes', Tab: ColorSchemesTab },
  { path: 'fallback-images', label: 'Fallback images', Tab: FallbackImagesTab },
  { path: 'fallback-texts', label: 'Fallback texts', Tab: FallbackTextsTab },
  { path: 'history', label: 'Version history', Tab: HistoryTab },
  { path: 'effective', label: 'Effective configuration', Tab: EffectiveTab },
];

function NotConfigured() {
  const { initialize } = useSiteConfigWrites();
  const toast = useToast();
  return (
    <EmptyState
      title="No site configuration yet"
      message="Public sites use the built-in defaults until one is created."
      actions={
        <Button
          loading={initialize.isPending}
          loadingText="Creating..."
          onClick={() =>
            initialize.mutate(undefined, {
              onSuccess: () => toast.success('Default site configuration created'),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          Create the default configuration
        </Button>
      }
    />
  );
}

/**
 * Site configuration (issue 17): the platform-wide layout templates, colour schemes, fallback
 * images and texts every public site starts from, their version history, and what one restaurant's site uses.
 */
export default function SiteConfigScreen() {
  const { section = '' } = useParams();
  const config = useSiteConfig();
  const tab = TABS.find((t) => t.path === section) ?? TABS[0]!;
  const version = config.data ? ` Version ${config.data.version}.` : '';
  return (
    <>
      <PageHeader
        title="Site configuration"
        description={`What every restaurant's public site starts from.${version}`}
      />
      <nav className="admin-tabs" aria-label="Site configuration sections">
        {TABS.map((t) => (
          <NavLink
            key={t.path}
            end
            to={`/site-config${t.path ? `/${t.path}` : ''}`}
            className="admin-tabs__link"
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      {config.isPending ? (
        <SkeletonRows count={4} label="Loading the site configuration" />
      ) : config.error ? (
        <ErrorView
          title="Could not load the site configuration"
          message={errorMessage(config.error)}
          actions={<Button onClick={() => void config.refetch()}>Try again</Button>}
        />
      ) : config.data === null ? (
        <NotConfigured />
      ) : (
        <tab.Tab config={config.data} />
      )}
    </>
  );
}
