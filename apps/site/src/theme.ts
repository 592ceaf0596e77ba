import type { ColorScheme } from '@brigade/domain/site-config';
import type { WebsiteConfig } from '@brigade/domain/website-config';
import { ensureContrast, luminance, readableOn } from './format';

/** spec 01 §3 branding colour defaults: a restaurant that kept them has not chosen its own. */
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
 * The colours of a site: the effective colour scheme (spec 01 §4), with the restaurant's own brand colours
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
