import { chooseHeroImage } from '@brigade/domain/hero-image';
import {
  CONTENT_BLOCK_LAYOUTS,
  HERO_HEADLINE_MAX,
  HERO_SUBTITLE_MAX,
  ORDERING_PROVIDERS,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  type WebsiteConfig,
} from '@brigade/domain/website-config';
import { SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { ColorField, TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { Button, buttonClass } from '@brigade/ui/components/button';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { RestaurantRecord } from '../restaurant/queries';
import '../restaurant/restaurant.css';
import { RestaurantRecordGate, SettingsForm, useSettingsForm } from '../restaurant/settings-form';
import { ImageField, ListTextField } from './fields';
import { useMenuChoices, usePublicLink, useSiteConfig } from './queries';
import './website.css';
import { newSectionId, siteUrlOf, websiteFormSchema, websiteToForm } from './website-form';

/** spec 01 §3 website configuration: the restaurant's public site, edited in one form. */
export default function WebsiteScreen() {
  const link = usePublicLink();
  const siteUrl = link.data ? siteUrlOf(link.data.url) : null;
  return (
    <>
      <PageHeader
        title="Website"
        description="Branding, search appearance, content, ordering and the menu of the public site."
        actions={
          siteUrl && (
            <a className={buttonClass('secondary')} href={siteUrl} target="_blank" rel="noreferrer">
              View live site ↗
            </a>
          )
        }
      />
      <RestaurantRecordGate what="website">
        {(restaurant) => <WebsiteForm restaurant={restaurant} />}
      </RestaurantRecordGate>
    </>
  );
}

const LAYOUT_LABELS: Record<(typeof CONTENT_BLOCK_LAYOUTS)[number], string> = {
  'image-left': 'Image left',
  'image-right': 'Image right',
  centered: 'Centered',
  'text-only': 'Text only',
};
const PROVIDER_LABELS: Record<(typeof ORDERING_PROVIDERS)[number], string> = {
  internal: 'Brigade online ordering',
  doordash: 'DoorDash',
  ubereats: 'Uber Eats',
  grubhub: 'Grubhub',
  custom: 'Another website',
};

function WebsiteForm({ restaurant }: { restaurant: RestaurantRecord }) {
  const { canEdit, update, toast, original, form, formError, setFormError } = useSettingsForm(
    websiteFormSchema,
    (): WebsiteConfig => websiteToForm(restaurant),
  );

  const onSubmit = async (values: WebsiteConfig) => {
    setFormError(null);
    try {
      await update.mutateAsync({ websiteConfig: values });
      toast.success('Website saved');
    } catch (error) {
      // the server reports paths under websiteConfig: put them on this form's fields
      setFormError(applyServerErrors(stripPrefix(error, 'websiteConfig'), form));
    }
  };

  return (
    <SettingsForm
      form={form}
      original={original}
      onSubmit={onSubmit}
      canEdit={canEdit}
      readOnlyNote="Only owners and admins of the organization can change the website."
      formError={formError}
      saveLabel="Save website"
    >
      <SiteSection restaurant={restaurant} />
      <BrandingSection concept={restaurant.concept} readOnly={!canEdit} />
      <FormSection
        title="Search engines"
        description="How the site appears in search results and when shared."
      >
        <TextField name="seo.title" label="SEO title" maxLength={SEO_TITLE_MAX} />
        <TextareaField
          name="seo.description"
          label="SEO description"
          maxLength={SEO_DESCRIPTION_MAX}
          rows={3}
        />
        <ListTextField name="seo.keywords" label="Keywords" hint="Separated by commas" />
      </FormSection>
      <FormSection title="Content">
        <TextField
          name="content.heroHeadline"
          label="Hero headline"
          hint="The big line of the home page; the restaurant's name when empty"
          maxLength={HERO_HEADLINE_MAX}
        />
        <TextareaField
          name="content.heroSubtitle"
          label="Hero subtitle"
          hint="The line under it; the SEO description when empty"
          maxLength={HERO_SUBTITLE_MAX}
          rows={2}
        />
        <TextareaField name="content.aboutText" label="About" rows={4} />
        <TextField
          name="content.announcement"
          label="Announcement"
          hint="A short line at the top of the site"
        />
        <ListTextField name="content.specialOffers" label="Special offers" hint="One per line" multiline />
      </FormSection>
      <ContentBlocks readOnly={!canEdit} />
      <CtaSections readOnly={!canEdit} />
      <FormSection title="Social links" description="Handles or full profile addresses.">
        <FormRow>
          <TextField name="social.facebook" label="Facebook" />
          <TextField name="social.instagram" label="Instagram" />
        </FormRow>
        <FormRow>
          <TextField name="social.twitter" label="X (Twitter)" />
          <TextField name="social.tiktok" label="TikTok" />
        </FormRow>
      </FormSection>
      <OrderingSection />
    </SettingsForm>
  );
}

/** Field errors of the restaurant update come as "websiteConfig.seo.title": this form's names lack the prefix. */
function stripPrefix(error: unknown, prefix: string): unknown {
  const problem = error as { errors?: { path: string; message: string }[] } | null;
  if (!problem || !Array.isArray(problem.errors)) return error;
  const pattern = new RegExp(`^(body[./])?${prefix}[./]`);
  for (const fieldError of problem.errors) fieldError.path = fieldError.path.replace(pattern, '');
  return error;
}

function SiteSection({ restaurant }: { restaurant: RestaurantRecord }) {
  const menus = useMenuChoices();
  const siteConfig = useSiteConfig();
  const menuOptions = (menus.data ?? []).map((menu) => ({ value: menu.menuGroupId, label: menu.name }));
  const overrides = siteConfig.data?.allowRestaurantOverrides === true;
  const published = useFieldValue<boolean>('enabled');
  return (
    <FormSection title="Site">
      <SwitchField
        name="enabled"
        label="Website published"
        hint={
          published
            ? `On: anyone can visit the public site of ${restaurant.name}.`
            : `Off: the public site of ${restaurant.name} answers "Restaurant Not Found".`
        }
      />
      <SelectField
        name="parentMenuGroupId"
        label="Website menu"
        hint={
          menus.isError
            ? 'The menus could not be loaded.'
            : 'The menu the site opens on. Without one, visitors choose among all menus.'
        }
        options={menuOptions}
        placeholder="Let visitors choose"
      />
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

function BrandingSection({ concept, readOnly }: { concept: string; readOnly: boolean }) {
  const siteConfig = useSiteConfig();
  const hero = useFieldValue<string | undefined>('branding.heroImage');
  const colors = [
    useFieldValue<string>('branding.colors.primary'),
    useFieldValue<string>('branding.colors.secondary'),
    useFieldValue<string>('branding.colors.accent'),
  ];
  const fallback =
    !hero && siteConfig.data ? chooseHeroImage(siteConfig.data.fallbackImages, { category: concept }) : null;
  return (
    <FormSection title="Branding">
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
      <FormRow>
        <ImageField name="branding.logo" label="Logo" disabled={readOnly} />
        <ImageField name="branding.heroImage" label="Hero image" preset="hero" disabled={readOnly} />
      </FormRow>
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
    </FormSection>
  );
}

function ContentBlocks({ readOnly }: { readOnly: boolean }) {
  const { control } = useFormContext<WebsiteConfig>();
  const blocks = useFieldArray({ control, name: 'contentBlocks', keyName: 'key' });
  return (
    <FormSection title="Content blocks" description="Sections of the home page, in this order.">
      {blocks.fields.length === 0 && <p className="form-readonly-note">No content blocks yet.</p>}
      {blocks.fields.map((block, index) => (
        <fieldset key={block.key} className="website-item">
          <legend className="website-item__legend">Block {index + 1}</legend>
          <FormRow>
            <TextField name={`contentBlocks.${index}.title`} label="Title" />
            <SelectField
              name={`contentBlocks.${index}.layout`}
              label="Layout"
              options={CONTENT_BLOCK_LAYOUTS.map((value) => ({ value, label: LAYOUT_LABELS[value] }))}
            />
          </FormRow>
          <TextareaField name={`contentBlocks.${index}.description`} label="Description" rows={3} />
          <ImageField name={`contentBlocks.${index}.image`} label="Block image" disabled={readOnly} />
          <FormRow>
            <ColorField name={`contentBlocks.${index}.backgroundColor`} label="Background colour" />
            <ColorField name={`contentBlocks.${index}.textColor`} label="Text colour" />
          </FormRow>
          {!readOnly && (
            <ItemActions
              noun="block"
              index={index}
              count={blocks.fields.length}
              onMove={blocks.move}
              onRemove={blocks.remove}
            />
          )}
        </fieldset>
      ))}
      {!readOnly && (
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              blocks.append({ id: newSectionId('block'), title: '', description: '', layout: 'image-left' })
            }
          >
            Add content block
          </Button>
        </div>
      )}
    </FormSection>
  );
}

function CtaSections({ readOnly }: { readOnly: boolean }) {
  const { control } = useFormContext<WebsiteConfig>();
  const sections = useFieldArray({ control, name: 'ctaSections', keyName: 'key' });
  return (
    <FormSection title="Call-to-action sections" description="Banners that invite visitors to act.">
      {sections.fields.length === 0 && <p className="form-readonly-note">No call-to-action sections yet.</p>}
      {sections.fields.map((section, index) => (
        <fieldset key={section.key} className="website-item">
          <legend className="website-item__legend">Section {index + 1}</legend>
          <TextField name={`ctaSections.${index}.title`} label="Title" />
          <TextareaField name={`ctaSections.${index}.description`} label="Description" rows={2} />
          <ImageField
            name={`ctaSections.${index}.backgroundImage`}
            label="Background image"
            preset="hero"
            disabled={readOnly}
          />
          {!readOnly && (
            <ItemActions
              noun="section"
              index={index}
              count={sections.fields.length}
              onMove={sections.move}
              onRemove={sections.remove}
            />
          )}
        </fieldset>
      ))}
      {!readOnly && (
        <div>
          <Button
            variant="secondary"
            onClick={() => sections.append({ id: newSectionId('cta'), title: '', description: '' })}
          >
            Add call-to-action section
          </Button>
        </div>
      )}
    </FormSection>
  );
}

/** Move up / down / remove: ordering by keyboard as well as by pointer. */
function ItemActions({
  noun,
  index,
  count,
  onMove,
  onRemove,
}: {
  noun: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const position = `${noun} ${index + 1}`;
  return (
    <div className="ui-row website-item__actions">
      <Button
        variant="ghost"
        size="sm"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={`Move ${position} up`}
      >
        ↑ Up
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={`Move ${position} down`}
      >
        ↓ Down
      </Button>
      <Button variant="danger" size="sm" onClick={() => onRemove(index)} aria-label={`Remove ${position}`}>
        Remove
      </Button>
    </div>
  );
}

function OrderingSection() {
  const enabled = useFieldValue<boolean>('ordering.enabled');
  return (
    <FormSection title="Online ordering">
      <SwitchField name="ordering.enabled" label="Show an ordering button" />
      {enabled && (
        <>
          <FormRow>
            <SelectField
              name="ordering.provider"
              label="Provider"
              options={ORDERING_PROVIDERS.map((value) => ({ value, label: PROVIDER_LABELS[value] }))}
            />
            <TextField name="ordering.url" label="Ordering address" type="url" placeholder="https://" />
          </FormRow>
          <FormRow>
            <TextField name="ordering.buttonText" label="Button text" />
            <ColorField name="ordering.buttonColor" label="Button colour" />
          </FormRow>
        </>
      )}
    </FormSection>
  );
}
