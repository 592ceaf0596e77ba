import { randomInt } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type EmulatorState, emulatorNow, takeEdit } from './emulator-state';
import { EMULATOR_ACCOUNT, EMULATOR_LOCATIONS } from './emulator-world';

/**
 * The v4 local posts API (docs/operations/business-profile.md#posts; issue 19): list, create, patch
 * (updateMask summary,callToAction) and delete the standard posts of a location. It checks a post as Google
 * does — summary 1-1500 characters, a URL for every action but CALL — and answers 400 INVALID_ARGUMENT with a
 * BadRequest field violation otherwise; every write counts against the 10 edits a minute per profile
 * (429 RESOURCE_EXHAUSTED with retry-after).
 */

type Send = (res: ServerResponse, status: number, body: unknown) => void;

export interface EmulatorPost {
  name: string;
  languageCode: string;
  summary: string;
  callToAction?: { actionType: string; url?: string };
  topicType: 'STANDARD';
  state: 'LIVE';
  createTime: string;
  updateTime: string;
  searchUrl: string;
}

export const POST_SUMMARY_MAX = 1500;
const ACTION_TYPES = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'];
const UPDATABLE = ['summary', 'callToAction'];
export const INVALID_ARGUMENT = 'Request contains an invalid argument.';
const NOT_FOUND = 'Requested entity was not found.';
export const EDIT_QUOTA_MESSAGE =
  "Quota exceeded for quota metric 'Edits' and limit 'Edits per minute per profile' of service 'mybusiness.googleapis.com'.";

function fail(send: Send, res: ServerResponse, code: 400 | 404 | 429, message: string, field?: string) {
  const status = { 400: 'INVALID_ARGUMENT', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED' }[code];
  const details = field
    ? [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field, description: message }],
        },
      ]
    : [];
  send(res, code, { error: { code, message: field ? INVALID_ARGUMENT : message, status, details } });
}

/** What is wrong with a post's fields, as Google's field violation; null when it is fine. */
function violation(body: Record<string, unknown>, fields: string[]): { field: string; why: string } | null {
  if (fields.includes('summary')) {
    const summary = body.summary;
    if (typeof summary !== 'string' || summary.trim() === '')
      return { field: 'summary', why: 'Summary is required.' };
    if ([...summary].length > POST_SUMMARY_MAX)
      return { field: 'summary', why: `Summary must be at most ${POST_SUMMARY_MAX} characters.` };
  }
  if (!fields.includes('callToAction') || body.callToAction === undefined || body.callToAction === null)
    return null;
  const action = body.callToAction as { actionType?: unknown; url?: unknown };
  if (typeof action.actionType !== 'string' || !ACTION_TYPES.includes(action.actionType))
    return { field: 'call_to_action.action_type', why: 'Unsupported action type.' };
  if (action.actionType === 'CALL') return null;
  if (typeof action.url !== 'string' || action.url === '')
    return { field: 'call_to_action.url', why: 'A URL is required for this action type.' };
  if (!/^https?:\/\/[^\s/]+/i.test(action.url)) return { field: 'call_to_action.url', why: 'Invalid URL.' };
  return null;
}

/** Counts a write against the location's edits of the last minute; false (and 429 sent) when over. */
function spendEdit(state: EmulatorState, location: string, res: ServerResponse, send: Send): boolean {
  const wait = takeEdit(state, location);
  if (wait === null) return true;
  res.setHeader('retry-after', String(wait));
  fail(send, res, 429, EDIT_QUOTA_MESSAGE);
  return false;
}

const actionOf = (raw: unknown): EmulatorPost['callToAction'] => {
  if (!raw || typeof raw !== 'object') return undefined;
  const { actionType, url } = raw as { actionType: string; url?: string };
  return actionType === 'CALL' || typeof url !== 'string' ? { actionType } : { actionType, url };
};

export interface PostRequest {
  account: string;
  location: string;
  /** The post id, for PATCH and DELETE. */
  post?: string;
  method: string;
  url: URL;
  body: unknown;
}

/** Answers one local posts request; the caller has checked the token and the JSON. */
export function localPosts(state: EmulatorState, request: PostRequest, res: ServerResponse, send: Send) {
  const { account, location, post, method } = request;
  if (
    `accounts/${account}` !== EMULATOR_ACCOUNT.name ||
    !EMULATOR_LOCATIONS.some((entry) => entry.name === `locations/${location}`)
  )
    return fail(send, res, 404, NOT_FOUND);
  const list = state.posts.get(location) ?? [];
  state.posts.set(location, list);
  const parent = `accounts/${account}/locations/${location}`;
  if (post === undefined && method === 'GET') return listPosts(list, request.url, res, send);
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (post === undefined) {
    if (method !== 'POST') return fail(send, res, 404, NOT_FOUND);
    const wrong = violation(body, UPDATABLE);
    if (wrong) return fail(send, res, 400, wrong.why, wrong.field);
    if (body.topicType !== undefined && body.topicType !== 'STANDARD')
      return fail(send, res, 400, 'Only STANDARD posts are supported.', 'topic_type');
    if (!spendEdit(state, location, res, send)) return;
    return send(res, 200, createPost(state, parent, body, list));
  }
  const index = list.findIndex((entry) => entry.name === `${parent}/localPosts/${post}`);
  if (index < 0) return fail(send, res, 404, NOT_FOUND);
  if (method === 'DELETE') {
    if (!spendEdit(state, location, res, send)) return;
    list.splice(index, 1);
    return send(res, 200, {});
  }
  if (method !== 'PATCH') return fail(send, res, 404, NOT_FOUND);
  return patchPost(state, { list, index, body, url: request.url, location }, res, send);
}

function listPosts(list: EmulatorPost[], url: URL, res: ServerResponse, send: Send) {
  const raw = url.searchParams.get('pageSize');
  const size = raw === null ? 20 : Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 100)
    return fail(send, res, 400, 'pageSize must be between 1 and 100', 'page_size');
  const start = Number(url.searchParams.get('pageToken') ?? '0');
  if (!Number.isInteger(start) || start < 0) return fail(send, res, 400, 'Invalid pageToken', 'page_token');
  const slice = list.slice(start, start + size);
  send(res, 200, {
    localPosts: slice,
    ...(start + size < list.length ? { nextPageToken: String(start + size) } : {}),
  });
}

function createPost(
  state: EmulatorState,
  parent: string,
  body: Record<string, unknown>,
  list: EmulatorPost[],
): EmulatorPost {
  const id = String(randomInt(1, 2 ** 47));
  const time = new Date(emulatorNow(state)).toISOString();
  const action = actionOf(body.callToAction);
  const created: EmulatorPost = {
    name: `${parent}/localPosts/${id}`,
    languageCode: typeof body.languageCode === 'string' ? body.languageCode : 'en',
    summary: String(body.summary),
    ...(action ? { callToAction: action } : {}),
    topicType: 'STANDARD',
    state: 'LIVE',
    createTime: time,
    updateTime: time,
    searchUrl: `https://local.google.com/place?id=${parent.split('/').at(-1)}&use=posts&lpsid=${id}`,
  };
  list.unshift(created);
  return created;
}

function patchPost(
  state: EmulatorState,
  target: { list: EmulatorPost[]; index: number; body: Record<string, unknown>; url: URL; location: string },
  res: ServerResponse,
  send: Send,
) {
  const mask = (target.url.searchParams.get('updateMask') ?? '').split(',').filter(Boolean);
  if (mask.length === 0 || mask.some((field) => !UPDATABLE.includes(field)))
    return fail(send, res, 400, 'updateMask must name summary and/or callToAction', 'update_mask');
  const wrong = violation(target.body, mask);
  if (wrong) return fail(send, res, 400, wrong.why, wrong.field);
  if (!spendEdit(state, target.location, res, send)) return;
  const current = target.list[target.index]!;
  const next: EmulatorPost = { ...current, updateTime: new Date(emulatorNow(state)).toISOString() };
  if (mask.includes('summary')) next.summary = String(target.body.summary);
  if (mask.includes('callToAction')) {
    const action = actionOf(target.body.callToAction);
    if (action) next.callToAction = action;
    else delete next.callToAction;
  }
  target.list[target.index] = next;
  send(res, 200, next);
}
