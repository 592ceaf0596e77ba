import { errorMessage } from '@brigade/api-client/problem-error';
import { updateSiteConfigurationInputSchema } from '@brigade/domain/site-config';
import { Badge } from '@brigade/ui/app-kit/badge';
import { SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { Form } from '@brigade/ui/app-kit/form';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { ResponsiveImage } from '@brigade/ui/images/responsive-image';
import { useId, useState } from 'react';
import { searchTerm } from '../../components/search';
import { useDebounced } from '../../components/use-debounced';
import { useAllRestaurants } from '../../queries';
import type { TabProps } from './index';
import { SchemePreview } from './scheme-preview';
import { useEffectiveConfig, useSiteConfigWrites } from './site-config-api';

const overridesSchema = updateSiteConfigurationInputSchema.pick({
  allowRestaurantOverrides: true,
  requireApprovalForOverrides: true,
});

const HERO_SOURCES = {
  explicit: "the restaurant's own image",
  category: "a fallback image of the restaurant's category",
  generic: 'the generic fallback image',
  default: 'the built-in image',
} as const;

function RestaurantPicker({ slug, onChange }: { slug: string; onChange: (slug: string) => void }) {
  const [text, setText] = useState('');
  const restaurants = useAllRestaurants(searchTerm(useDebounced(text)), 0);
  const id = useId();
  return (
    <div className="admin-filters">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-search`}>
          Find a restaurant
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="ui-field__input"
          value={text}
          placeholder="Name, slug or city"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-pick`}>
          Restaurant
        </label>
        <select
          id={`${id}-pick`}
          className="ui-field__input"
          value={slug}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Choose a restaurant</option>
          {(restaurants.data ?? []).map((r) => (
            <option key={r.guid} value={r.slug}>
              {r.name} ({r.slug})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function Effective({ slug, overridesAllowed }: { slug: string; overridesAllowed: boolean }) {
  const effective = useEffectiveConfig(slug);
  if (effective.isPending) return <SkeletonRows count={3} label="Loading the effective configuration" />;
  if (effective.error)
    return (
      <ErrorView title="Could not load the effective configuration" message={errorMessage(effective.error)} />
    );
  const e = effective.data;
  return (
    <div className="effective-config">
      <dl className="admin-facts">
        <dt>Layout template</dt>
        <dd>
          {e.layoutTemplate.name} ({e.layoutTemplate.sections.join(', ')})
        </dd>
        <dt>Colour scheme</dt>
        <dd>{e.colorScheme.name}</dd>
        <dt>Restaurant's own choices</dt>
        <dd>
          {e.overridesApplied ? (
            <Badge tone="success">Applied</Badge>
          ) : overridesAllowed ? (
            <Badge tone="info">None chosen</Badge>
          ) : (
            <Badge tone="warning">Not applied (overrides are off)</Badge>
          )}
        </dd>
        <dt>Hero image</dt>
        <dd>From {HERO_SOURCES[e.heroImage.source]}</dd>
        <dt>Menu preview</dt>
        <dd>
          {e.components.menuPreview.enabled
            ? `${e.components.menuPreview.defaultItemCount} items${e.components.menuPreview.showPrices ? ' with prices' : ''}`
            : 'Off'}
        </dd>
        <dt>Fallback texts</dt>
        <dd>{Object.keys(e.fallbackTexts).length}</dd>
      </dl>
      <ResponsiveImage
        className="effective-config__hero"
        image={e.heroImage.url}
        alt={e.heroImage.alt ?? ''}
        targetWidth={320}
      />
      <SchemePreview colours={e.colorScheme} name={e.colorScheme.name} />
    </div>
  );
}

/** Whether restaurants' own template and scheme apply, and whether they need approval. */
function OverridesForm({ config }: TabProps) {
  const form = useZodForm(overridesSchema, {
    defaultValues: {
      allowRestaurantOverrides: config.allowRestaurantOverrides,
      requireApprovalForOverrides: config.requireApprovalForOverrides,
    },
  });
  const { update } = useSiteConfigWrites();
  const toast = useToast();
  return (
    <Form
      form={form}
      label="Restaurant overrides"
      onSubmit={(body) =>
        update.mutate(body, {
          onSuccess: () => toast.success('Restaurant overrides saved'),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      <SwitchField
        name="allowRestaurantOverrides"
        label="Restaurants may choose their own template and scheme"
      />
      <SwitchField
        name="requireApprovalForOverrides"
        label="Their choices need approval"
        hint="Stored for later: there is no approval step yet."
      />
      <div className="admin-form-actions">
        <Button type="submit" variant="secondary" loading={update.isPending} loadingText="Saving...">
          Save overrides
        </Button>
      </div>
    </Form>
  );
}

/** The effective configuration: what one restaurant's public site uses now. */
export function EffectiveTab({ config }: TabProps) {
  const [slug, setSlug] = useState('');
  return (
    <div className="admin-section-plain">
      <h2 id="effective-title" className="admin-section__title">
        Effective configuration
      </h2>
      <OverridesForm key={config.version} config={config} />
      <p className="admin-note">
        The site defaults
        {config.allowRestaurantOverrides
          ? ', with the restaurant’s own template and scheme where it chose them'
          : ' (restaurant overrides are off)'}
        .
      </p>
      <RestaurantPicker slug={slug} onChange={setSlug} />
      {slug && <Effective slug={slug} overridesAllowed={config.allowRestaurantOverrides} />}
    </div>
  );
}
