import type { ReactNode } from 'react';
import { SITE_CSS } from '../styles';

export interface PageSeo {
  title: string;
  description?: string | undefined;
  keywords?: readonly string[] | undefined;
  /** Absolute URL. */
  ogImage?: string | undefined;
  /** What the social card's image shows (og:image:alt, twitter:image:alt). */
  ogImageAlt?: string | undefined;
  /** Absolute URL. */
  canonical?: string | undefined;
  noIndex?: boolean | undefined;
  siteName?: string | undefined;
  /** The site's icon address (its /favicon.ico, which answers with the restaurant's icon or Brigade's). */
  icon?: string | undefined;
  jsonLd?: readonly object[] | undefined;
}

/** JSON for a <script> element: "<" escaped so no text in the data can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The HTML document of every page: SEO head, inlined stylesheet and theme, skip link, content. */
export function Document(props: {
  seo: PageSeo;
  themeCss: string;
  children: ReactNode;
  /** A tiny inline script, only on pages that need one. */
  script?: string;
  /** The ordering pages' own script and stylesheet (files on this host, by content hash). */
  assets?: { script: string; style: string } | null | undefined;
}) {
  const { seo } = props;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{seo.title}</title>
        {seo.description ? <meta name="description" content={seo.description} /> : null}
        {seo.keywords && seo.keywords.length > 0 ? (
          <meta name="keywords" content={seo.keywords.join(', ')} />
        ) : null}
        {seo.noIndex ? <meta name="robots" content="noindex, nofollow" /> : null}
        {seo.canonical ? <link rel="canonical" href={seo.canonical} /> : null}
        {seo.icon ? <link rel="icon" href={seo.icon} /> : null}
        <meta property="og:type" content="restaurant" />
        <meta property="og:title" content={seo.title} />
        {seo.siteName ? <meta property="og:site_name" content={seo.siteName} /> : null}
        {seo.description ? <meta property="og:description" content={seo.description} /> : null}
        {seo.canonical ? <meta property="og:url" content={seo.canonical} /> : null}
        {seo.ogImage ? <meta property="og:image" content={seo.ogImage} /> : null}
        {seo.ogImage ? <meta property="og:image:alt" content={seo.ogImageAlt ?? seo.title} /> : null}
        <meta name="twitter:card" content={seo.ogImage ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={seo.title} />
        {seo.description ? <meta name="twitter:description" content={seo.description} /> : null}
        {seo.ogImage ? <meta name="twitter:image" content={seo.ogImage} /> : null}
        {seo.ogImage ? <meta name="twitter:image:alt" content={seo.ogImageAlt ?? seo.title} /> : null}
        {/* React itself preloads the hero (an <img> with fetchPriority high) at the top of <head>. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant stylesheet and theme */}
        <style dangerouslySetInnerHTML={{ __html: props.themeCss + SITE_CSS }} />
        {props.assets ? <link rel="stylesheet" href={props.assets.style} /> : null}
        {props.assets ? <script type="module" src={props.assets.script} /> : null}
        {(seo.jsonLd ?? []).map((data, i) => (
          <script
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once on the server
            key={i}
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (scriptJson)
            dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
          />
        ))}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        {props.children}
        {props.script ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script
          <script dangerouslySetInnerHTML={{ __html: props.script }} />
        ) : null}
      </body>
    </html>
  );
}
