import type { SoldOutDisplay } from '@brigade/domain/catalogue/sold-out';
import {
  HERO_HEADLINE_MAX,
  HERO_SUBTITLE_MAX,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from '@brigade/domain/website-config';
import { SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import type { RestaurantRecord } from '../restaurant/queries';
import { ListTextField } from './fields';
import { useMenuChoices } from './queries';
import { HeroImage } from './sections-branding';

const SOLD_OUT_OPTIONS = [
  { value: 'mark', label: 'Show as sold out' },
  { value: 'hide', label: 'Hide' },
] as const satisfies readonly { value: SoldOutDisplay; label: string }[];

/** The top of the home page: the big line, the line under it, its picture, and the announcement bar. */
export function HeroSection({ concept, readOnly }: { concept: string; readOnly: boolean }) {
  return (
    <FormSection title="Hero" description="The first thing visitors see on the home page.">
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
      <HeroImage concept={concept} readOnly={readOnly} />
      <TextField
        name="content.announcement"
        label="Announcement"
        hint="A short line at the top of the site"
      />
    </FormSection>
  );
}

export function AboutSection() {
  return (
    <>
      <FormSection title="About" description="Who you are, and what is on offer now.">
        <TextareaField name="content.aboutText" label="About" rows={4} />
        <ListTextField name="content.specialOffers" label="Special offers" hint="One per line" multiline />
      </FormSection>
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
    </>
  );
}

export function SeoSection() {
  return (
    <FormSection title="Search engines" description="How the site appears in search results and when shared.">
      <TextField name="seo.title" label="SEO title" maxLength={SEO_TITLE_MAX} />
      <TextareaField
        name="seo.description"
        label="SEO description"
        maxLength={SEO_DESCRIPTION_MAX}
        rows={3}
      />
      <ListTextField name="seo.keywords" label="Keywords" hint="Separated by commas" />
    </FormSection>
  );
}

/** Whether the site is online at all, and the menu it opens on. */
export function PublishingSection({ restaurant }: { restaurant: RestaurantRecord }) {
  const menus = useMenuChoices();
  const menuOptions = (menus.data ?? []).map((menu) => ({ value: menu.menuGroupId, label: menu.name }));
  const published = useFieldValue<boolean>('enabled');
  return (
    <FormSection title="Publishing">
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
      <SelectField
        name="soldOutDisplay"
        label="Sold-out items"
        hint="Items marked sold out (86) for ordering, on the public menu and the menu display."
        options={SOLD_OUT_OPTIONS}
      />
    </FormSection>
  );
}
