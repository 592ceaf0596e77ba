/**
 * Routes by method and path pattern: `/v1/models/:id` (a segment, URL-decoded), `/v1/files/*` (the rest of
 * the path, in `params['*']`), or a regular expression (its groups, decoded, in `params['1']`, `params['2']`…).
 * The first route added that matches wins.
 */
export type Params = Record<string, string>;

interface Route<H> {
  method: string;
  match: (path: string) => Params | undefined;
  handler: H;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

function matcherOf(pattern: string | RegExp): (path: string) => Params | undefined {
  if (pattern instanceof RegExp)
    return (path) => {
      const found = pattern.exec(path);
      if (!found) return undefined;
      return Object.fromEntries(
        found.slice(1).map((group, index) => [String(index + 1), decode(group ?? '')]),
      );
    };
  const parts = pattern.split('/');
  return (path) => {
    const segments = path.split('/');
    const params: Params = {};
    for (const [index, part] of parts.entries()) {
      if (part === '*') {
        params['*'] = segments.slice(index).map(decode).join('/');
        return params;
      }
      const segment = segments[index];
      if (segment === undefined) return undefined;
      if (part.startsWith(':')) {
        if (segment === '') return undefined;
        params[part.slice(1)] = decode(segment);
      } else if (part !== segment) return undefined;
    }
    return segments.length === parts.length ? params : undefined;
  };
}

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  /** `method` '*' matches any method. */
  on(method: string, pattern: string | RegExp, handler: H): this {
    this.routes.push({ method, match: matcherOf(pattern), handler });
    return this;
  }

  /** The first matching route's handler and params; else whether the path matched under another method. */
  find(
    method: string,
    path: string,
  ): { handler: H; params: Params } | { handler?: undefined; allowed: string[] } {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = route.match(path);
      if (!params) continue;
      if (route.method === '*' || route.method === method) return { handler: route.handler, params };
      allowed.push(route.method);
    }
    return { allowed };
  }
}
