import type { GuestOrder, OrderingMenu, OrderingSection, Quote } from '@brigade/domain/ordering/api';

/**
 * The ordering API as the guest's browser calls it (same origin; docs/behaviour/ordering.md). Problems
 * come back as `ApiProblem` with the server's words and field errors.
 */
export type MenuData = Omit<OrderingMenu, 'asapAt' | 'slots' | 'menus'> & {
  asapAt: string | null;
  slots: string[];
  menus: OrderingSection[];
};
export type QuoteData = Omit<Quote, 'pickupAt'> & { pickupAt: string };
export type OrderData = Omit<GuestOrder, 'pickupAt' | 'readyAt' | 'createdAt' | 'updatedAt'> & {
  pickupAt: string;
  readyAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

const BASE = '/api/v1/ordering';

async function call<T>(
  path: string,
  init?: RequestInit & { key?: string },
): Promise<{ data: T; status: number }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init?.body) headers['content-type'] = 'application/json';
  if (init?.key) headers['idempotency-key'] = init.key;
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, { ...init, headers });
  } catch {
    throw new ApiProblem(
      0,
      'Cannot reach the restaurant right now. Check your connection and try again.',
      'NETWORK',
    );
  }
  const body = (await response.json().catch(() => null)) as {
    data?: T;
    detail?: string;
    code?: string;
    errors?: { path: string; message: string }[];
  } | null;
  if (!response.ok)
    throw new ApiProblem(
      response.status,
      body?.detail ?? 'Something went wrong. Please try again.',
      body?.code,
      body?.errors,
    );
  return { data: body!.data as T, status: response.status };
}

export const fetchMenu = (slug: string) =>
  call<MenuData>(`/${encodeURIComponent(slug)}/menu`).then((r) => r.data);

export const fetchQuote = (slug: string, body: object) =>
  call<QuoteData>(`/${encodeURIComponent(slug)}/quote`, { method: 'POST', body: JSON.stringify(body) }).then(
    (r) => r.data,
  );

export const placeOrder = (slug: string, body: object, key: string) =>
  call<OrderData>(`/${encodeURIComponent(slug)}/orders`, {
    method: 'POST',
    body: JSON.stringify(body),
    key,
  }).then((r) => r.data);

export const fetchOrder = (token: string) => call<OrderData>(`/orders/${token}`).then((r) => r.data);

export const orderEventsUrl = (token: string) => `${BASE}/orders/${token}/events`;
