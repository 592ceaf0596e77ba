import type { ColorScheme } from '@brigade/domain/site-config';
import type { ContentBlock, WebsiteConfig } from '@brigade/domain/website-config';
import { ensureContrast, luminance, readableOn } from './format';

/** The default branding colours: a restaurant that kept them has not chosen its own. */
const DEFAULT_BRAND = { primary: '#dc2626', secondary: '#1f2937', accent: '#f59e0b' };

export interface SiteTheme {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
  order: string;
}

/**
 * The colours of a site: the effective colour scheme, with the restaurant's own brand colours
 * where it chose them and overrides are allowed, and the ordering button in its own colour.
 */
export function siteTheme(scheme: ColorScheme, website: WebsiteConfig, overridesAllowed: boolean): SiteTheme {
  const brand = website.branding.colors;
  const own = (key: keyof typeof DEFAULT_BRAND) =>
    overridesAllowed && brand[key].toLowerCase() !== DEFAULT_BRAND[key] ? brand[key] : scheme[key];
  return {
    primary: own('primary'),
    secondary: own('secondary'),
    accent: own('accent'),
    background: scheme.background,
    text: scheme.text,
    order:
      website.ordering.buttonColor.toLowerCase() === DEFAULT_BRAND.primary
        ? own('primary')
        : website.ordering.buttonColor,
  };
}

/** The theme as CSS custom properties, with text colours chosen to keep WCAG AA contrast. */
export function themeCss(theme: SiteTheme): string {
  const light = readableOn(theme.background) !== '#ffffff';
  const ink = luminance(theme.secondary) < 0.08 ? theme.secondary : theme.text;
  const vars: Record<string, string> = {
    bg: theme.background,
    text: ensureContrast(theme.text, theme.background, 7),
    muted: ensureContrast(light ? '#5f5954' : '#c9c3bc', theme.background),
    surface: light ? '#ffffff' : '#1f1d1b',
    'surface-muted': light ? '#f2f1ee' : '#2a2725',
    border: light ? '#e4e1dc' : '#3a3633',
    'border-strong': light ? '#cfcac3' : '#55504b',
    primary: theme.primary,
    'on-primary': readableOn(theme.primary),
    secondary: theme.secondary,
    'on-secondary': readableOn(theme.secondary),
    accent: theme.accent,
    'on-accent': readableOn(theme.accent),
    order: theme.order,
    'on-order': readableOn(theme.order),
    link: ensureContrast(theme.primary, theme.background),
    focus: theme.accent,
    // Dark bands (footer, hero backdrop): the secondary colour when it is dark, else the text colour.
    ink: ink,
    'on-ink': readableOn(ink),
  };
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `--${k}:${v}`)
    .join(';')}}`;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const blockColours = (block: Pick<ContentBlock, 'backgroundColor' | 'textColor'>) => ({
  background: block.backgroundColor && HEX_COLOUR.test(block.backgroundColor) ? block.backgroundColor : null,
  color: block.textColor && HEX_COLOUR.test(block.textColor) ? block.textColor : null,
});

/** Whether a content block has colours of its own (a panel). */
export const blockHasColours = (block: Pick<ContentBlock, 'backgroundColor' | 'textColor'>) => {
  const { background, color } = blockColours(block);
  return background !== null || color !== null;
};

/** The class that gives the content block at `index` its colours (rules from blockColoursCss). */
export const blockColoursClass = (index: number) => `block-colours-${index}`;

/**
 * The content blocks' own colours as stylesheet rules, one class per block by its place in the list. Only
 * #rrggbb values (the schema's) reach the stylesheet: nothing else of a block's data is written into CSS.
 */
export function blockColoursCss(
  blocks: readonly Pick<ContentBlock, 'backgroundColor' | 'textColor'>[],
): string {
  return blocks
    .map((block, index) => {
      const { background, color } = blockColours(block);
      const rules = [
        ...(background ? [`background:${background}`] : []),
        ...(color ? [`color:${color}`] : []),
      ];
      return rules.length > 0 ? `.${blockColoursClass(index)}{${rules.join(';')}}` : '';
    })
    .join('');
}
