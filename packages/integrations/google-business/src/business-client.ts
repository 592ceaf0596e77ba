import {
  ACCOUNTS_PAGE_SIZE,
  accountResourceName,
  DEFAULT_LOCATION_READ_MASK,
  LOCATIONS_PAGE_SIZE,
  locationResourceName,
} from '@brigade/domain/listing/connection';
import { GOOGLE_URLS, type GoogleBusinessUrls } from './endpoints';
import { DEFAULT_TIMEOUT_MS, GoogleBusinessError, sendCall } from './http-call';
import {
  type BusinessLocation,
  type GoogleAccount,
  type GoogleReview,
  type LocationUpdate,
  type Page,
  type ReviewsPage,
  wireAccountsSchema,
  wireLocationSchema,
  wireLocationsSchema,
  wireReviewReplySchema,
  wireReviewsSchema,
} from './wire';
import {
  type GoogleLocalPost,
  type LocalPostInput,
  wireLocalPostSchema,
  wireLocalPostsSchema,
} from './wire-posts';

/** v4 reviews: at most 50 a page (Google's limit). */
export const REVIEWS_MAX_PAGE_SIZE = 50;
/** v4 local posts: at most 100 a page. */
export const POSTS_MAX_PAGE_SIZE = 100;

/** `accounts/{a}/locations/{l}` of a connection's account and location, however they were written. */
export interface LocationRef {
  accountId: string;
  locationId: string;
}

export interface BusinessClientOptions {
  urls?: GoogleBusinessUrls;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface PageRequest {
  pageSize?: number;
  pageToken?: string;
}

const clamp = (value: number, range: { min: number; max: number }) =>
  Math.min(range.max, Math.max(range.min, Math.trunc(value)));

/** `locations/{l}` or `accounts/{a}/locations/{l}` → the bare location id. */
const locationIdOf = (location: string) => location.split('/').at(-1) ?? location;
const accountIdOf = (account: string) => accountResourceName(account).slice('accounts/'.length);

/**
 * The Business Profile APIs a connection uses, with an access token per call (the caller refreshes it):
 * account management, business information, and v4 reviews with replies.
 */
export class BusinessProfileClient {
  private readonly urls: GoogleBusinessUrls;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: BusinessClientOptions = {}) {
    this.urls = options.urls ?? GOOGLE_URLS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  private send(
    call: string,
    accessToken: string,
    url: URL,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'GET',
    body?: unknown,
  ) {
    return sendCall({
      call,
      url: url.toString(),
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      timeoutMs: this.timeoutMs,
      fetch: this.fetchFn,
    });
  }

  async listAccounts(accessToken: string, page: PageRequest = {}): Promise<Page<GoogleAccount>> {
    const url = new URL(`${this.urls.accountManagementUrl}/accounts`);
    url.searchParams.set(
      'pageSize',
      String(clamp(page.pageSize ?? ACCOUNTS_PAGE_SIZE.max, ACCOUNTS_PAGE_SIZE)),
    );
    if (page.pageToken) url.searchParams.set('pageToken', page.pageToken);
    return parse('accounts list', wireAccountsSchema, await this.send('accounts list', accessToken, url));
  }

  /** The account id prefixed 'accounts/' if missing; the default readMask; page size 1-100. */
  async listLocations(
    accessToken: string,
    accountId: string,
    page: PageRequest & { readMask?: string } = {},
  ): Promise<Page<BusinessLocation>> {
    const url = new URL(`${this.urls.businessInformationUrl}/${accountResourceName(accountId)}/locations`);
    url.searchParams.set('readMask', page.readMask ?? DEFAULT_LOCATION_READ_MASK);
    url.searchParams.set(
      'pageSize',
      String(clamp(page.pageSize ?? LOCATIONS_PAGE_SIZE.max, LOCATIONS_PAGE_SIZE)),
    );
    if (page.pageToken) url.searchParams.set('pageToken', page.pageToken);
    return parse('locations list', wireLocationsSchema, await this.send('locations list', accessToken, url));
  }

  async getLocation(accessToken: string, locationId: string, readMask?: string): Promise<BusinessLocation> {
    const url = new URL(
      `${this.urls.businessInformationUrl}/${locationResourceName(locationIdOf(locationId))}`,
    );
    url.searchParams.set('readMask', readMask ?? DEFAULT_LOCATION_READ_MASK);
    return parse('location get', wireLocationSchema, await this.send('location get', accessToken, url));
  }

  /**
   * Business Information `PATCH locations/{id}?updateMask=…`: the fields named in `updateMask` (Google's
   * names: title, profile.description, phoneNumbers, websiteUri, regularHours) take the values in `fields`;
   * a field in the mask but not in `fields` is cleared. Google answers the location as it now stands.
   */
  async updateLocation(
    accessToken: string,
    locationId: string,
    update: { fields: LocationUpdate; updateMask: readonly string[] },
  ): Promise<BusinessLocation> {
    const url = new URL(
      `${this.urls.businessInformationUrl}/${locationResourceName(locationIdOf(locationId))}`,
    );
    url.searchParams.set('updateMask', update.updateMask.join(','));
    const json = await this.send('location patch', accessToken, url, 'PATCH', update.fields);
    return parse('location patch', wireLocationSchema, json);
  }

  private reviewsUrl(accountId: string, locationId: string, suffix = ''): URL {
    const parent = `accounts/${accountIdOf(accountId)}/locations/${locationIdOf(locationId)}`;
    return new URL(`${this.urls.reviewsUrl}/${parent}/reviews${suffix}`);
  }

  async listReviews(
    accessToken: string,
    accountId: string,
    locationId: string,
    page: PageRequest & { orderBy?: string } = {},
  ): Promise<ReviewsPage> {
    const url = this.reviewsUrl(accountId, locationId);
    url.searchParams.set(
      'pageSize',
      String(clamp(page.pageSize ?? REVIEWS_MAX_PAGE_SIZE, { min: 1, max: REVIEWS_MAX_PAGE_SIZE })),
    );
    if (page.pageToken) url.searchParams.set('pageToken', page.pageToken);
    if (page.orderBy) url.searchParams.set('orderBy', page.orderBy);
    return parse('reviews list', wireReviewsSchema, await this.send('reviews list', accessToken, url));
  }

  /** Creates or updates the reply (PUT …/reviews/{r}/reply {comment}). */
  async putReply(
    accessToken: string,
    review: { accountId: string; locationId: string; reviewId: string },
    comment: string,
  ): Promise<GoogleReview['reviewReply']> {
    const url = this.reviewsUrl(
      review.accountId,
      review.locationId,
      `/${encodeURIComponent(review.reviewId)}/reply`,
    );
    const json = await this.send('reply put', accessToken, url, 'PUT', { comment });
    return parse('reply put', wireReviewReplySchema, json);
  }

  async deleteReply(
    accessToken: string,
    review: { accountId: string; locationId: string; reviewId: string },
  ): Promise<void> {
    const url = this.reviewsUrl(
      review.accountId,
      review.locationId,
      `/${encodeURIComponent(review.reviewId)}/reply`,
    );
    await this.send('reply delete', accessToken, url, 'DELETE');
  }

  private postsUrl(where: LocationRef, postId?: string): URL {
    const parent = `accounts/${accountIdOf(where.accountId)}/locations/${locationIdOf(where.locationId)}`;
    const suffix = postId ? `/${encodeURIComponent(postId.split('/').at(-1) ?? postId)}` : '';
    return new URL(`${this.urls.reviewsUrl}/${parent}/localPosts${suffix}`);
  }

  /** One page of the location's local posts (page size 1-100). */
  async listLocalPosts(
    accessToken: string,
    where: LocationRef,
    page: PageRequest = {},
  ): Promise<{ items: GoogleLocalPost[]; nextPageToken?: string }> {
    const url = this.postsUrl(where);
    url.searchParams.set(
      'pageSize',
      String(clamp(page.pageSize ?? POSTS_MAX_PAGE_SIZE, { min: 1, max: POSTS_MAX_PAGE_SIZE })),
    );
    if (page.pageToken) url.searchParams.set('pageToken', page.pageToken);
    return parse('posts list', wireLocalPostsSchema, await this.send('posts list', accessToken, url));
  }

  /** Publishes a standard post (POST …/localPosts). */
  async createLocalPost(
    accessToken: string,
    where: LocationRef,
    post: LocalPostInput,
  ): Promise<GoogleLocalPost> {
    const body = {
      languageCode: post.languageCode ?? 'en',
      summary: post.summary,
      topicType: 'STANDARD',
      ...(post.callToAction ? { callToAction: post.callToAction } : {}),
    };
    const json = await this.send('post create', accessToken, this.postsUrl(where), 'POST', body);
    return parse('post create', wireLocalPostSchema, json);
  }

  /** Changes a post's summary and call-to-action (PATCH …/localPosts/{p}?updateMask=summary,callToAction). */
  async updateLocalPost(
    accessToken: string,
    where: LocationRef,
    postId: string,
    post: LocalPostInput,
  ): Promise<GoogleLocalPost> {
    const url = this.postsUrl(where, postId);
    url.searchParams.set('updateMask', 'summary,callToAction');
    const body = { summary: post.summary, ...(post.callToAction ? { callToAction: post.callToAction } : {}) };
    return parse(
      'post update',
      wireLocalPostSchema,
      await this.send('post update', accessToken, url, 'PATCH', body),
    );
  }

  async deleteLocalPost(accessToken: string, where: LocationRef, postId: string): Promise<void> {
    await this.send('post delete', accessToken, this.postsUrl(where, postId), 'DELETE');
  }
}

function parse<T>(
  call: string,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  json: unknown,
): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success || parsed.data === undefined)
    throw new GoogleBusinessError('bad-answer', `Google ${call}: the answer is not of the expected shape`, {
      call,
    });
  return parsed.data;
}
