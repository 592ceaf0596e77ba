import type { WebsiteConfig } from '@brigade/domain/website-config';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { buttonClass } from '@brigade/ui/components/button';
import { type ReactNode, useEffect, useState } from 'react';
import type { RestaurantRecord } from '../restaurant/queries';
import '../restaurant/restaurant.css';
import { RestaurantRecordGate, SettingsForm, useSettingsForm } from '../restaurant/settings-form';
import { WebsitePreview } from './preview';
import { usePublicLink } from './queries';
import { SectionTabs } from './section-tabs';
import { BrandingSection } from './sections-branding';
import { AboutSection, HeroSection, PublishingSection, SeoSection } from './sections-content';
import { ContentBlocks, CtaSections, OrderingSection } from './sections-lists';
import './website.css';
import { siteUrlOf, websiteFormSchema, websiteToForm } from './website-form';
import { sectionsWithErrors, WEBSITE_SECTIONS, type WebsiteSectionId } from './website-sections';

/**
 * Website configuration: the restaurant's public site, edited in sections (issue 23 item 6)
 * beside a live preview of its home page drawn from the unsaved draft.
 */
export default function WebsiteScreen() {
  const link = usePublicLink();
  const siteUrl = link.data ? siteUrlOf(link.data.url) : null;
  // here, not in the form: a save loads the record anew (and the form with it), on the same tab
  const [section, setSection] = useState<WebsiteSectionId>('hero');
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
        {(restaurant) => <WebsiteForm restaurant={restaurant} section={section} setSection={setSection} />}
      </RestaurantRecordGate>
    </>
  );
}

function WebsiteForm({
  restaurant,
  section,
  setSection,
}: {
  restaurant: RestaurantRecord;
  section: WebsiteSectionId;
  setSection: (section: WebsiteSectionId) => void;
}) {
  const { canEdit, update, toast, original, form, formError, setFormError } = useSettingsForm(
    websiteFormSchema,
    (): WebsiteConfig => websiteToForm(restaurant),
  );
  const invalid = sectionsWithErrors(form.formState.errors);
  const submits = form.formState.submitCount;
  // A refused save shows the first section with an error (its fields may sit on a hidden tab).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only after each submit, not on every keystroke
  useEffect(() => {
    const first = sectionsWithErrors(form.formState.errors)[0];
    if (submits > 0 && first) setSection(first);
  }, [submits]);

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

  const readOnly = !canEdit;
  const content: Record<WebsiteSectionId, ReactNode> = {
    hero: <HeroSection concept={restaurant.concept} readOnly={readOnly} />,
    about: <AboutSection />,
    branding: <BrandingSection readOnly={readOnly} />,
    blocks: <ContentBlocks readOnly={readOnly} />,
    cta: (
      <>
        <CtaSections readOnly={readOnly} />
        <OrderingSection />
      </>
    ),
    seo: <SeoSection />,
    publishing: <PublishingSection restaurant={restaurant} />,
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
      <div className="website-editor">
        <SectionTabs
          label="Website sections"
          selected={section}
          onSelect={setSection}
          tabs={WEBSITE_SECTIONS.map(({ id, label }) => ({
            id,
            label,
            content: content[id],
            invalid: invalid.includes(id),
          }))}
        />
        {/* previewing is part of editing: the roles that may save (the endpoint's access) */}
        {canEdit && <WebsitePreview />}
      </div>
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
