import { ensureContrast, readableOn } from '@brigade/domain/colour-contrast';
import type { CSSProperties } from 'react';

export interface SchemeColours {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
}

const HEX = /^#[0-9a-f]{6}$/i;
const FALLBACK: SchemeColours = {
  primary: '#c2410c',
  secondary: '#1f2937',
  accent: '#f59e0b',
  background: '#ffffff',
  text: '#1c1917',
};

/**
 * The colours of the preview as the public site derives them (apps/site theme): text and links darkened to
 * keep WCAG AA contrast on the background, white or near-black on the primary and secondary colours.
 * A colour still being typed (not yet #rrggbb) keeps the last good value's place with the fallback.
 */
function previewStyle(colours: SchemeColours): CSSProperties {
  const c = Object.fromEntries(
    Object.entries(colours).map(([key, value]) => [
      key,
      HEX.test(value) ? value : FALLBACK[key as keyof SchemeColours],
    ]),
  ) as unknown as SchemeColours;
  return {
    '--pv-bg': c.background,
    '--pv-text': ensureContrast(c.text, c.background, 7),
    '--pv-primary': c.primary,
    '--pv-on-primary': readableOn(c.primary),
    '--pv-secondary': c.secondary,
    '--pv-on-secondary': readableOn(c.secondary),
    '--pv-accent': c.accent,
    '--pv-link': ensureContrast(c.primary, c.background),
  } as CSSProperties;
}

/**
 * A live preview of a public restaurant page in a colour scheme (issue 17): header, hero with the call to
 * action, a menu preview and the footer band, in the scheme's colours as the form changes.
 */
export function SchemePreview({ colours, name }: { colours: SchemeColours; name: string }) {
  return (
    <figure className="scheme-preview" data-testid="scheme-preview" style={previewStyle(colours)}>
      <figcaption className="ui-visually-hidden">Preview of a public page in {name}</figcaption>
      <div className="scheme-preview__page" aria-hidden="true">
        <div className="scheme-preview__header">
          <strong>Harbor Grill</strong>
          <span className="scheme-preview__nav">
            <span>Menu</span>
            <span>About</span>
            <span>Contact</span>
          </span>
        </div>
        <div className="scheme-preview__hero">
          <p className="scheme-preview__title">Fresh from the harbour</p>
          <span className="scheme-preview__button">View menu</span>
        </div>
        <div className="scheme-preview__menu">
          <p className="scheme-preview__heading">Popular dishes</p>
          <p className="scheme-preview__item">
            <span>Grilled salmon</span>
            <span>$24.00</span>
          </p>
          <p className="scheme-preview__item">
            <span>Clam chowder</span>
            <span>$9.50</span>
          </p>
          <span className="scheme-preview__link">See the full menu</span>
        </div>
        <div className="scheme-preview__footer">Open today 11:00–22:00</div>
      </div>
    </figure>
  );
}
