import { createHash } from 'node:crypto';
import { remembered } from '@brigade/domain/remembered';
import { TRY_AGAIN_SCRIPT } from './components/states';

/** A CSP hash source of a script or stylesheet text, as browsers compute it (UTF-8, SHA-256, base64). */
export const cspHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The scripts a site page may run, each by the hash of its fixed text: the one line behind "Try Again".
 * A hash, not a nonce: pages are stored as bytes and sent to many visitors (a per-request nonce would mean
 * rendering every page anew). Scripts are never hashed from a page's output, so markup that slipped into a
 * page could not run.
 */
export const SITE_SCRIPT_HASHES: readonly string[] = [cspHash(TRY_AGAIN_SCRIPT)];

/**
 * The hash sources of a page's inline stylesheets. Every page of a restaurant carries the same stylesheet
 * (the site CSS and its theme), so their hashes are remembered by text rather than computed for every page
 * stored (issue 20: a miss's cost).
 */
function styleHashes(html: string): string[] {
  const hashes: string[] = [];
  for (let at = html.indexOf('<style>'); at !== -1; at = html.indexOf('<style>', at)) {
    const end = html.indexOf('</style>', at + 7);
    if (end === -1) break;
    const hash = styleHash(html.slice(at + 7, end));
    if (!hashes.includes(hash)) hashes.push(hash);
    at = end + 8;
  }
  return hashes;
}
const styleHash = remembered(cspHash, { limit: 200, longest: 64 * 1024 });

/**
 * The Content-Security-Policy of one rendered page (decision 017): its inline stylesheet (the site CSS and
 * the restaurant's theme, which differs per restaurant) by hash, computed once when the page is stored; no
 * style attributes; the fixed scripts by hash; images from this host, the media storage and any https
 * address (an image may be any web URL); connections to its own host; nothing else. JSON-LD blocks are data, not scripts.
 */
export function sitePagePolicy(
  html: string,
  imageOrigins: readonly string[] = [],
  ordering: { frameOrigins: readonly string[] } | null = null,
): string {
  const styles = styleHashes(html);
  // The ordering pages (docs/behaviour/ordering.md) load the ordering script and its stylesheet from this
  // host, call the API on it, and frame the gateway's hosted card entry; no other page may.
  const own = ordering ? ["'self'"] : [];
  const styleSources = [...styles, ...own];
  return [
    "default-src 'none'",
    `script-src ${[...SITE_SCRIPT_HASHES, ...own].join(' ')}`,
    "script-src-attr 'none'",
    `style-src ${styleSources.length > 0 ? styleSources.join(' ') : "'none'"}`,
    "style-src-attr 'none'",
    ["img-src 'self' data: https:", ...imageOrigins].join(' '),
    // Every page may read its own host: tools that audit a page (Lighthouse reads robots.txt from the page's
    // context) are refused under default-src 'none'. A page runs no script but its fixed hashed ones.
    "connect-src 'self'",
    ...(ordering ? [`frame-src ${ordering.frameOrigins.join(' ')}`] : []),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
