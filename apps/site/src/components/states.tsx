/** The public restaurant route's texts. */
export const STATE_TEXTS = {
  notAvailable: 'Restaurant Not Available',
  tryAgain: 'Try Again',
  notFound: 'Restaurant Not Found',
  notFoundText: 'No restaurant is configured for this domain or URL.',
  devMode: 'Development Mode',
} as const;

/** "Try Again" reloads the page: the one script of the public sites. */
export const TRY_AGAIN_SCRIPT =
  'document.getElementById("try-again").addEventListener("click",function(){location.reload()})';

export function NotAvailable({ error }: { error: string }) {
  return (
    <main id="main" className="state">
      <div className="card" role="alert">
        <h1>{STATE_TEXTS.notAvailable}</h1>
        <p className="muted">{error}</p>
        <button id="try-again" type="button" className="btn btn-primary">
          {STATE_TEXTS.tryAgain}
        </button>
      </div>
    </main>
  );
}

export function NotFound() {
  return (
    <main id="main" className="state">
      <div className="card">
        <h1>{STATE_TEXTS.notFound}</h1>
        <p className="muted">{STATE_TEXTS.notFoundText}</p>
      </div>
    </main>
  );
}

/** Nothing resolved on localhost or an IP address: how to reach a site in development. */
export function DevelopmentMode({
  host,
  sites,
}: {
  host: string;
  sites: readonly { slug: string; name: string }[];
}) {
  const example = sites[0]?.slug;
  return (
    <main id="main" className="state">
      <div className="card">
        <h1>{STATE_TEXTS.devMode}</h1>
        <p className="muted">
          No restaurant is resolved for <code>{host}</code>. On a local address, open a restaurant another
          way:
        </p>
        <ul>
          <li>
            use a slug-based URL such as <code>{example ? `/${example}` : '/<restaurant-slug>'}</code>
          </li>
          <li>set up a custom domain mapping for the restaurant</li>
          <li>
            or allow unresolved access with URL parameters{' '}
            <code>?tenant=&lt;guid&gt;&amp;restaurant=&lt;guid&gt;</code>
          </li>
        </ul>
        {sites.length > 0 ? (
          <nav aria-label="Restaurants on this server">
            <ul className="social">
              {sites.map((site) => (
                <li key={site.slug}>
                  <a href={`/${site.slug}`}>{site.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </main>
  );
}
