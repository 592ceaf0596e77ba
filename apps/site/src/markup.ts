/**
 * React's static markup, written as HTML writes it (issue 45 item 11: html-validate's recommended preset):
 * void elements without the XML slash (`<meta …>`, not `<meta …/>`), and the attribute names React keeps
 * in camel case in lower case (`charset`, `fetchpriority`; HTML's names are case-insensitive, so nothing
 * changes for a browser). The text of scripts and styles is left as it is.
 */
const VOID = /<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)\b([^>]*?)\s*\/>/g;
const CAMEL_ATTRIBUTES = /\s(charSet|fetchPriority)=/g;
/** Script and style elements, whose contents are not markup. */
const RAW_TEXT = /(<(script|style)\b[^>]*>[\s\S]*?<\/\2>)/;

const tidyPart = (part: string) =>
  part
    .replace(/<[a-zA-Z][^>]*>/g, (tag) =>
      tag.replace(CAMEL_ATTRIBUTES, (_match, name: string) => ` ${name.toLowerCase()}=`),
    )
    .replace(VOID, '<$1$2>');

export function htmlMarkup(markup: string): string {
  // split keeps the raw-text elements at the odd positions (with their inner capture after each)
  const parts = markup.split(RAW_TEXT);
  let out = '';
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? '';
    if (i % 3 === 0) out += tidyPart(part);
    else if (i % 3 === 1) {
      // the element's own start tag is tidied; its text is not
      const close = part.indexOf('>') + 1;
      out += tidyPart(part.slice(0, close)) + part.slice(close);
    }
    // i % 3 === 2: the captured tag name
  }
  return out;
}

/** A phone number as link text: its spaces made non-breaking, so the number never wraps in two. */
export const phoneText = (phone: string): string => phone.replace(/ /g, '\u00a0');
