/**
 * The one place that knows the gateway's paths (docs/operations/cardpointe.md): every endpoint's
 * HTTP method and how its path is built under `…/cardconnect/rest/`. The client builds its URLs from here
 * only; the emulator reads a request's endpoint back with `endpointOf`. Path segments are always
 * `encodeURIComponent`ed.
 */

/** The gateway's endpoints, named after the `CardPointeGateway` methods that call them. */
export const ENDPOINT_NAMES = [
  'auth',
  'capture',
  'void',
  'voidByOrderId',
  'refund',
  'inquire',
  'inquireByOrderid',
  'inquireMerchant',
  'funding',
  'settlestat',
  'surcharge',
  'bin',
  'sigcap',
  'getProfile',
  'saveProfile',
  'deleteProfile',
] as const;
export type Endpoint = (typeof ENDPOINT_NAMES)[number];

/** `write` endpoints take a JSON body by PUT or POST (the client's choice; the gateway accepts both). */
export type EndpointMethod = 'write' | 'GET' | 'DELETE';

interface EndpointShape {
  method: EndpointMethod;
  /** The path's first segment. */
  base: string;
  /** How many path segments follow the base (the last ones may be empty or absent). */
  params: number;
}

export const ENDPOINTS: Record<Endpoint, EndpointShape> = {
  auth: { method: 'write', base: 'auth', params: 0 },
  capture: { method: 'write', base: 'capture', params: 0 },
  void: { method: 'write', base: 'void', params: 0 },
  voidByOrderId: { method: 'write', base: 'voidByOrderId', params: 0 },
  refund: { method: 'write', base: 'refund', params: 0 },
  inquire: { method: 'GET', base: 'inquire', params: 2 },
  inquireByOrderid: { method: 'GET', base: 'inquireByOrderid', params: 3 },
  inquireMerchant: { method: 'GET', base: 'inquireMerchant', params: 1 },
  funding: { method: 'GET', base: 'funding', params: 0 },
  settlestat: { method: 'GET', base: 'settlestat', params: 0 },
  surcharge: { method: 'GET', base: 'surcharge', params: 0 },
  bin: { method: 'GET', base: 'bin', params: 2 },
  sigcap: { method: 'write', base: 'sigcap', params: 0 },
  getProfile: { method: 'GET', base: 'profile', params: 3 },
  saveProfile: { method: 'write', base: 'profile', params: 0 },
  deleteProfile: { method: 'DELETE', base: 'profile', params: 3 },
};

/**
 * The path of a call below the REST base, e.g. `inquire/123456789012/496160873888`. Trailing empty
 * optional segments (inquireByOrderid's `set`) are left out.
 */
export function endpointPath(endpoint: Endpoint, params: readonly (string | undefined)[] = []): string {
  const shape = ENDPOINTS[endpoint];
  const segments = params.slice(0, shape.params).map((param) => encodeURIComponent(param ?? ''));
  if (endpoint === 'inquireByOrderid' && segments[2] === '') segments.pop();
  return [shape.base, ...segments].join('/');
}

/** The HTTP methods a request to `endpoint` may use. */
export const methodsOf = (endpoint: Endpoint): readonly string[] => {
  const method = ENDPOINTS[endpoint].method;
  return method === 'write' ? ['PUT', 'POST'] : [method];
};

/**
 * Which endpoint a request is, from its method and its path segments below the REST base (decoded), or
 * undefined when none matches.
 */
export function endpointOf(method: string, segments: readonly string[]): Endpoint | undefined {
  const [base, ...rest] = segments;
  return ENDPOINT_NAMES.find((endpoint) => {
    const shape = ENDPOINTS[endpoint];
    if (shape.base !== base || !methodsOf(endpoint).includes(method)) return false;
    if (shape.params === 0) return rest.length === 0;
    return rest.length <= shape.params && rest.length >= Math.min(shape.params, 2);
  });
}
