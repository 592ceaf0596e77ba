import { chooseHeroImage } from '@brigade/domain/hero-image';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { ColorField } from '@brigade/ui/app-kit/form-fields';
import { ImageField } from './fields';
import { useSiteConfig } from './queries';

/** The colours, the logo and, when the platform allows it, the restaurant's own template and scheme. */
export function BrandingSection({ readOnly }: { readOnly: boolean }) {
  const siteConfig = useSiteConfig();
  const colors = [
    useFieldValue<string>('branding.colors.primary'),
    useFieldValue<string>('branding.colors.secondary'),
    useFieldValue<string>('branding.colors.accent'),
  ];
  const overrides = siteConfig.data?.allowRestaurantOverrides === true;
  return (
    <FormSection title="Colours & branding">
      <FormRow>
        <ColorField name="branding.colors.primary" label="Primary colour" />
        <ColorField name="branding.colors.secondary" label="Secondary colour" />
        <ColorField name="branding.colors.accent" label="Accent colour" />
      </FormRow>
      <div className="website-palette" aria-hidden="true">
        {colors.map((color, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: three fixed swatches
          <span key={index} className="website-palette__swatch" style={{ background: color }} />
        ))}
      </div>
      <ImageField name="branding.logo" label="Logo" disabled={readOnly} />
      {overrides && siteConfig.data && (
        <FormRow>
          <SelectField
            name="layoutTemplate"
            label="Layout template"
            placeholder={`Platform default (${siteConfig.data.defaultLayoutTemplate})`}
            options={siteConfig.data.layoutTemplates
              .filter((t) => t.isActive)
              .map((t) => ({ value: t.id, label: t.name }))}
          />
          <SelectField
            name="colorScheme"
            label="Colour scheme"
            placeholder={`Platform default (${siteConfig.data.defaultColorScheme})`}
            options={siteConfig.data.colorSchemes
              .filter((s) => s.isActive)
              .map((s) => ({ value: s.id, label: s.name }))}
          />
        </FormRow>
      )}
    </FormSection>
  );
}

/** The hero picture, and which of the platform's pictures shows while the restaurant has none. */
export function HeroImage({ concept, readOnly }: { concept: string; readOnly: boolean }) {
  const siteConfig = useSiteConfig();
  const hero = useFieldValue<string | undefined>('branding.heroImage');
  const fallback =
    !hero && siteConfig.data ? chooseHeroImage(siteConfig.data.fallbackImages, { category: concept }) : null;
  return (
    <>
      <ImageField name="branding.heroImage" label="Hero image" preset="hero" disabled={readOnly} />
      {fallback && (
        <p className="ui-field__hint">
          Without a hero image of its own the site shows{' '}
          {fallback.source === 'category'
            ? `the platform's ${concept} image`
            : fallback.source === 'generic'
              ? "the platform's generic image"
              : 'the default image'}
          .
        </p>
      )}
    </>
  );
}
