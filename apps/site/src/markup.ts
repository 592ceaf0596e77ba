/**
 * React's static markup, written as HTML writes it (issue 45 item 11: html-validate's recommended preset):
 * void elements without the XML slash (`<meta …>`, not `<meta …/>`), and the attribute names React keeps
 * in camel case in lower case (`charset`, `fetchpriority`; HTML's names are case-insensitive, so nothing
 * changes for a browser). The text of scripts and styles is left as it is.
 */
const VOID_NAMES = 'area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr';
/**
 * One pass over the markup, stopping only where there is something to write otherwise: a script or style
 * element (kept whole: its text is not markup), a void element closed with a slash, a tag with a camel-case
 * attribute name. Every other tag is passed over by the expression itself, without a call per tag.
 */
const TO_WRITE = new RegExp(
  `<(script|style)\\b[\\s\\S]*?<\\/\\1>|<(?:${VOID_NAMES})\\b[^>]*\\/>|<[a-zA-Z][^>]*\\s(?:charSet|fetchPriority)=[^>]*>`,
  'g',
);
const CAMEL_ATTRIBUTES = /\s(charSet|fetchPriority)=/g;

export function htmlMarkup(markup: string): string {
  return markup.replace(TO_WRITE, (tag: string, raw: string | undefined) => {
    if (raw) return tag;
    const named = tag.replace(CAMEL_ATTRIBUTES, (_match, name: string) => ` ${name.toLowerCase()}=`);
    return named.endsWith('/>') ? `${named.slice(0, -2).trimEnd()}>` : named;
  });
}

/** A phone number as link text: its spaces made non-breaking, so the number never wraps in two. */
export const phoneText = (phone: string): string => phone.replace(/ /g, '\u00a0');

/** A phone number's `tel:` address: its digits and a leading plus. */
export const phoneHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, '')}`;
