/**
 * The website editor's sections (issue 23 item 6): the one long form split into tabs, each holding the
 * fields of one part of the public site. Every panel stays mounted, so the form keeps one set of values,
 * validates as a whole and saves as a whole.
 */
export const WEBSITE_SECTIONS = [
  { id: 'hero', label: 'Hero' },
  { id: 'about', label: 'About' },
  { id: 'branding', label: 'Colours & branding' },
  { id: 'blocks', label: 'Content blocks' },
  { id: 'cta', label: 'Call to action' },
  { id: 'seo', label: 'SEO' },
  { id: 'publishing', label: 'Publishing' },
] as const;

export type WebsiteSectionId = (typeof WEBSITE_SECTIONS)[number]['id'];

/** Which section shows a field, by the start of its path (the longest prefix wins). */
const SECTION_OF_PREFIX: [string, WebsiteSectionId][] = [
  ['content.heroHeadline', 'hero'],
  ['content.heroSubtitle', 'hero'],
  ['content.announcement', 'hero'],
  ['branding.heroImage', 'hero'],
  ['content', 'about'],
  ['social', 'about'],
  ['branding', 'branding'],
  ['layoutTemplate', 'branding'],
  ['colorScheme', 'branding'],
  ['contentBlocks', 'blocks'],
  ['ctaSections', 'cta'],
  ['ordering', 'cta'],
  ['seo', 'seo'],
  ['enabled', 'publishing'],
  ['parentMenuGroupId', 'publishing'],
  ['soldOutDisplay', 'publishing'],
];

/** The section of a field path ("seo.title", "contentBlocks.2.title"); null for one no section shows. */
export function sectionOfPath(path: string): WebsiteSectionId | null {
  const match = SECTION_OF_PREFIX.filter(([prefix]) => path === prefix || path.startsWith(`${prefix}.`)).sort(
    (a, b) => b[0].length - a[0].length,
  )[0];
  return match?.[1] ?? null;
}

/** The leaf paths of react-hook-form's nested errors object ({seo: {title: {message}}} → ["seo.title"]). */
export function errorPaths(errors: unknown, prefix = ''): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const record = errors as Record<string, unknown>;
  if (typeof record.message === 'string' || typeof record.type === 'string') return [prefix];
  return Object.entries(record).flatMap(([key, value]) =>
    key === 'ref' || key === 'root' ? [] : errorPaths(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** The sections that hold at least one field with an error, in tab order. */
export function sectionsWithErrors(errors: unknown): WebsiteSectionId[] {
  const found = new Set(errorPaths(errors).map(sectionOfPath));
  return WEBSITE_SECTIONS.map((s) => s.id).filter((id) => found.has(id));
}
