import { firstCharacter } from '@brigade/domain/text';
import type { ContentBlock, CtaSection } from '@brigade/domain/website-config';
import { imageSource } from '../images';
import type { SiteLinks } from '../links';
import type { SiteData } from '../load';
import { phoneHref, phoneText } from '../markup';
import { blockColoursClass, blockHasColours } from '../theme';
import { orderLink, SiteFooter, SiteHeader } from './chrome';
import { SOLD_OUT_TEXT } from './menu';
import { PlacePhotos } from './photos';
import { ContactCard, Location } from './visit';

export interface PreviewItem {
  itemId: number;
  name: string;
  description?: string | undefined;
  price: string | null;
  /** On the 86 list, shown marked (a hidden one is not previewed at all). */
  soldOut?: boolean;
}

export interface HomeProps {
  data: SiteData;
  links: SiteLinks;
  /** Up to the configured number of items (6), from the site's menu. */
  preview: PreviewItem[];
}

/** The home page's sections: the layout template's order, with the restaurant's own content
 * (special offers, content blocks, photos from its Google place, CTA sections) placed after the about section
 * or, when the template has none, before the location. */
export function homeSections(templateSections: readonly string[]): string[] {
  const known = templateSections.map((s) => s.trim().toLowerCase());
  const sections = [...known];
  const insertAfter = (anchor: string[], names: string[]) => {
    const missing = names.filter((n) => !sections.includes(n));
    if (missing.length === 0) return;
    const at = anchor.map((a) => sections.indexOf(a)).find((i) => i !== -1) ?? -1;
    if (at === -1) sections.push(...missing);
    else sections.splice(at + 1, 0, ...missing);
  };
  if (!sections.includes('hero')) sections.unshift('hero');
  insertAfter(['about', 'menu-preview', 'hero'], ['special-offers', 'content-blocks', 'photos']);
  const locationAt = sections.findIndex((s) => s === 'location' || s === 'contact');
  if (!sections.includes('cta')) {
    if (locationAt === -1) sections.push('cta');
    else sections.splice(locationAt, 0, 'cta');
  }
  return sections;
}

export function HomePage({ data, links, preview }: HomeProps) {
  const { restaurant, effective } = data;
  return (
    <>
      <SiteHeader restaurant={restaurant} links={links} current="home" closure={data.closure} />
      <main id="main">
        {homeSections(effective.layoutTemplate.sections).map((section) => {
          switch (section) {
            case 'hero':
              return <Hero key={section} data={data} links={links} />;
            case 'menu-preview':
              return <MenuPreview key={section} data={data} links={links} preview={preview} />;
            case 'about':
              return <About key={section} data={data} />;
            case 'special-offers':
              return <Offers key={section} data={data} />;
            case 'content-blocks':
              return <Blocks key={section} blocks={restaurant.websiteConfig.contentBlocks} />;
            case 'photos':
              return <PlacePhotos key={section} data={data} />;
            case 'cta':
              return <Ctas key={section} data={data} links={links} />;
            case 'location':
              return <Location key={section} data={data} />;
            case 'contact':
              return <Contact key={section} data={data} />;
            default:
              return null;
          }
        })}
      </main>
      <SiteFooter restaurant={restaurant} links={links} />
    </>
  );
}

function Hero({ data, links }: { data: SiteData; links: SiteLinks }) {
  const { restaurant, effective } = data;
  const hero = effective.components.heroSection;
  if (!hero.enabled) return null;
  const image = imageSource(effective.heroImage.image) ?? { src: effective.heroImage.url };
  const { heroHeadline, heroSubtitle } = restaurant.websiteConfig.content;
  const headline = heroHeadline?.trim();
  const tagline =
    heroSubtitle?.trim() ||
    restaurant.websiteConfig.seo.description?.trim() ||
    effective.fallbackTexts.heroTagline ||
    restaurant.concept;
  // A holiday closure takes ordering off the page for the day (decision 030).
  const order = data.closure ? null : orderLink(restaurant, links);
  return (
    <section
      className={`hero hero-${hero.defaultHeight} hero-${hero.defaultTextPosition}`}
      aria-labelledby="hero-title"
    >
      <img
        src={image.src}
        {...(image.srcSet ? { srcSet: image.srcSet, sizes: '100vw' } : {})}
        alt={effective.heroImage.alt ?? ''}
        width={image.width ?? 1600}
        height={image.height ?? 900}
        fetchPriority="high"
        decoding="async"
      />
      <div className="wrap hero-body">
        <p className="eyebrow">
          {headline ? restaurant.name : restaurant.concept} · {restaurant.address.city}
        </p>
        <h1 id="hero-title">{headline || restaurant.name}</h1>
        <p className="tagline">{tagline}</p>
        <div className="actions">
          <a className="btn btn-light" href={links.to('/menu')}>
            View Menu
          </a>
          {order ? (
            <a
              className="btn btn-order"
              href={order.href}
              {...(order.external ? { rel: 'noopener', target: '_blank' } : {})}
            >
              {order.text}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function MenuPreview({ data, links, preview }: HomeProps) {
  const settings = data.effective.components.menuPreview;
  if (!settings.enabled || preview.length === 0) return null;
  const title = data.effective.fallbackTexts.menuPreviewTitle || 'From our menu';
  return (
    <section className="section" aria-labelledby="preview-title">
      <div className="wrap">
        <div className="section-head">
          <div>
            <p className="eyebrow">Menu</p>
            <h2 id="preview-title">{title}</h2>
          </div>
          <a className="btn btn-primary" href={links.to('/menu')}>
            See the full menu
          </a>
        </div>
        <ul className="preview">
          {preview.map((item) => (
            <li key={item.itemId} className="card">
              <div className="row">
                <h3>{item.name}</h3>
                {item.soldOut ? <span className="sold-out">{SOLD_OUT_TEXT}</span> : null}
                {settings.showPrices && item.price ? <span className="price">{item.price}</span> : null}
              </div>
              {item.description ? <p className="muted">{item.description}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function About({ data }: { data: SiteData }) {
  const about = data.effective.components.aboutSection;
  if (!about.enabled) return null;
  const text =
    data.restaurant.websiteConfig.content.aboutText?.trim() ||
    about.defaultText?.trim() ||
    data.effective.fallbackTexts.aboutText;
  if (!text) return null;
  return (
    <section className="section section-alt" id="about" aria-labelledby="about-title">
      <div className="wrap about">
        <div className="block-text">
          <p className="eyebrow">Our story</p>
          <h2 id="about-title">About {data.restaurant.name}</h2>
          <p className="lead">{text}</p>
        </div>
      </div>
    </section>
  );
}

function Offers({ data }: { data: SiteData }) {
  const offers = data.restaurant.websiteConfig.content.specialOffers.filter((o) => o.trim());
  if (offers.length === 0) return null;
  return (
    <section className="section" aria-labelledby="offers-title">
      <div className="wrap">
        <div className="section-head">
          <div>
            <p className="eyebrow">Specials</p>
            <h2 id="offers-title">Special offers</h2>
          </div>
        </div>
        <ul className="offers">
          {offers.map((offer) => (
            <li key={offer}>{offer}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Blocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <section className="section" aria-label="Highlights">
      <div className="wrap">
        {blocks.map((block, index) => {
          const image = imageSource(block.image);
          // A block's own colours are rules of the page's stylesheet (blockColoursCss), not a style
          // attribute: the sites' Content-Security-Policy allows no inline style attributes.
          const panel = blockHasColours(block);
          return (
            <article
              key={block.instanceId ?? block.id}
              className={`block block-${block.layout}${panel ? ` block-panel ${blockColoursClass(index)}` : ''}`}
            >
              {block.layout === 'text-only' ? null : (
                <div
                  className={image ? 'block-art' : 'block-art block-art-empty'}
                  aria-hidden={image ? undefined : true}
                >
                  {image ? (
                    <img
                      src={image.src}
                      {...(image.srcSet
                        ? { srcSet: image.srcSet, sizes: '(min-width: 768px) 50vw, 100vw' }
                        : {})}
                      alt={block.title}
                      loading="lazy"
                      width={image.width ?? 800}
                      height={image.height ?? 600}
                    />
                  ) : (
                    <span>{block.icon?.trim() || firstCharacter(block.title)}</span>
                  )}
                </div>
              )}
              <div className="block-text">
                <h2>{block.title}</h2>
                <p className="lead">{block.description}</p>
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}

function Ctas({ data, links }: { data: SiteData; links: SiteLinks }) {
  const ctas: readonly CtaSection[] = data.restaurant.websiteConfig.ctaSections;
  if (ctas.length === 0) return null;
  const order = data.closure ? null : orderLink(data.restaurant, links);
  const tel = phoneHref(data.restaurant.contact.phone);
  return (
    <>
      {ctas.map((cta) => {
        const image = imageSource(cta.backgroundImage);
        return (
          <section key={cta.instanceId ?? cta.id} className="section cta" aria-label={cta.title}>
            {image ? (
              <img
                src={image.src}
                alt=""
                loading="lazy"
                width={image.width ?? 1600}
                height={image.height ?? 900}
              />
            ) : null}
            <div className="wrap">
              <h2>{cta.title}</h2>
              <p>{cta.description}</p>
              <div className="actions">
                <a className="btn btn-light" href={tel}>
                  {`Call\u00a0${phoneText(data.restaurant.contact.phone)}`}
                </a>
                {order ? (
                  <a
                    className="btn btn-ghost"
                    href={order.href}
                    {...(order.external ? { rel: 'noopener', target: '_blank' } : {})}
                  >
                    {order.text}
                  </a>
                ) : (
                  <a className="btn btn-ghost" href={links.to('/menu')}>
                    View Menu
                  </a>
                )}
              </div>
            </div>
          </section>
        );
      })}
    </>
  );
}

function Contact({ data }: { data: SiteData }) {
  const sections = data.effective.layoutTemplate.sections;
  if (sections.includes('location') && data.effective.components.locationSection.enabled) return null;
  return (
    <section className="section" aria-label="Contact">
      <div className="wrap visit">
        <ContactCard data={data} />
      </div>
    </section>
  );
}
