import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import {
  type CallToActionType,
  callToActionTypeOf,
  googleActionType,
  normaliseCallToAction,
  type PostBody,
  type PostState,
  postStateOf,
} from '@brigade/domain/listing/post';
import type { GoogleLocalPost, LocalPostInput } from '@brigade/google-business/wire-posts';
import { IntegrationError } from '@brigade/integration-kit/http';
import { userOf } from '../use-case';
import type { ConnectionRow } from './connection-repository';
import { managedConnection } from './listing-access';
import type { ListingDeps } from './listing-deps';
import {
  deletePostRow,
  findPost,
  insertPost,
  listPostsOf,
  type PostRow,
  updatePostRow,
} from './post-repository';
import { callGoogle } from './token-provider';

/**
 * Google Business Profile posts (issue 19): published, changed and deleted on Google
 * first — through the token provider's refresh and retry — and stored with Google's answer only after Google
 * accepted. A Google failure stores nothing and is answered as the reply routes answer it (409 reconnect
 * needed, 429 with retry-after, 502/504). Same people as replying to reviews (listing-access.ts).
 */

export const POST_NOT_FOUND = 'Post not found';
export const POST_LOCATION_NOT_SELECTED = 'Choose a location before publishing posts';
/** A page of the stored posts holds at most this many, newest first. */
export const MAX_POSTS = 200;

export interface PostView {
  postId: string;
  connectionId: string;
  googleName: string;
  content: string;
  callToAction: { type: CallToActionType; url: string | null } | null;
  state: PostState;
  searchUrl: string | null;
  publishedAt: Date | null;
  googleUpdatedAt: Date | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function postView(row: PostRow): PostView {
  return {
    postId: row.id,
    connectionId: row.connectionId,
    googleName: row.googleName,
    content: row.content,
    callToAction: row.callToActionType ? { type: row.callToActionType, url: row.callToActionUrl } : null,
    state: row.state,
    searchUrl: row.searchUrl,
    publishedAt: row.publishedAt,
    googleUpdatedAt: row.googleUpdatedAt,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The body as Google's local post: summary and call-to-action (its URL dropped for CALL). */
function localPostOf(body: PostBody): {
  input: LocalPostInput;
  action: ReturnType<typeof normaliseCallToAction>;
} {
  const action = normaliseCallToAction(body.callToAction);
  return {
    action,
    input: {
      summary: body.content,
      callToAction: action
        ? { actionType: googleActionType(action.type), ...(action.url ? { url: action.url } : {}) }
        : null,
    },
  };
}

/** What Google answered, as the stored columns (our text where Google left a field out). */
function fromGoogle(answer: GoogleLocalPost, body: PostBody) {
  const time = (value: string | undefined) => (value ? new Date(value) : null);
  const type = callToActionTypeOf(answer.callToAction?.actionType);
  const action = normaliseCallToAction(body.callToAction);
  return {
    content: answer.summary ?? body.content,
    callToActionType: type ?? action?.type ?? null,
    callToActionUrl: type
      ? type === 'call'
        ? null
        : (answer.callToAction?.url ?? null)
      : (action?.url ?? null),
    state: postStateOf(answer.state),
    searchUrl: answer.searchUrl ?? null,
    googleUpdatedAt: time(answer.updateTime),
    publishedAt: time(answer.createTime),
  };
}

/** The connection (the actor's to manage, else 404) and its chosen location (else 409). */
async function postingConnection(deps: ListingDeps, actor: Actor, connectionId: string) {
  const connection = await deps.transact((tx) => managedConnection(tx, actor, connectionId));
  const { accountId, locationId } = connection;
  if (!accountId || !locationId)
    throw new BrigadeError('conflict', 'LOCATION_NOT_SELECTED', POST_LOCATION_NOT_SELECTED);
  return { connection, where: { accountId, locationId } };
}

async function storedPost(deps: ListingDeps, connection: ConnectionRow, postId: string): Promise<PostRow> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const row = UUID.test(postId) ? await deps.transact((tx) => findPost(tx, connection, postId)) : null;
  if (!row) throw notFound(POST_NOT_FOUND, 'POST_NOT_FOUND');
  return row;
}

/** Where on Google a stored post lives: its own account and location (the connection's may have changed). */
function whereOf(row: PostRow) {
  const match = /^accounts\/([^/]+)\/locations\/([^/]+)\/localPosts\/[^/]+$/.exec(row.googleName);
  return { accountId: match?.[1] ?? '', locationId: match?.[2] ?? '' };
}

async function viewOf(deps: ListingDeps, connection: ConnectionRow, postId: string): Promise<PostView> {
  return postView(await storedPost(deps, connection, postId));
}

/** The connection's stored posts, newest first. */
export async function listPosts(deps: ListingDeps, actor: Actor, connectionId: string): Promise<PostView[]> {
  return deps.transact(async (tx) => {
    const connection = await managedConnection(tx, actor, connectionId);
    return (await listPostsOf(tx, connection, MAX_POSTS)).map(postView);
  });
}

/** Publishes the post on Google, then stores Google's answer with who published it. */
export async function createPost(
  deps: ListingDeps,
  actor: Actor,
  input: { connectionId: string; body: PostBody },
): Promise<PostView> {
  const user = userOf(actor);
  const { connection, where } = await postingConnection(deps, actor, input.connectionId);
  const { input: post } = localPostOf(input.body);
  const answer = await callGoogle(deps, connection.connectionId, (api, token) =>
    api.createLocalPost(token, where, post),
  );
  const postId = await deps.transact((tx) =>
    insertPost(tx, {
      tenantId: connection.tenantId,
      restaurantId: connection.restaurantId,
      connectionId: connection.connectionId,
      googleName: answer.name,
      ...fromGoogle(answer, input.body),
      createdBy: user.userId,
      updatedBy: user.userId,
    }),
  );
  return viewOf(deps, connection, postId);
}

/** Changes the post's content and call-to-action on Google (updateMask summary,callToAction), then here. */
export async function updatePost(
  deps: ListingDeps,
  actor: Actor,
  input: { connectionId: string; postId: string; body: PostBody },
): Promise<PostView> {
  const user = userOf(actor);
  const { connection } = await postingConnection(deps, actor, input.connectionId);
  const row = await storedPost(deps, connection, input.postId);
  const { input: post } = localPostOf(input.body);
  const answer = await callGoogle(deps, connection.connectionId, (api, token) =>
    api.updateLocalPost(token, whereOf(row), row.googleName, post),
  );
  const { publishedAt: _published, ...changes } = fromGoogle(answer, input.body);
  await deps.transact((tx) => updatePostRow(tx, row.id, { ...changes, updatedBy: user.userId }));
  return viewOf(deps, connection, row.id);
}

/** Deletes the post on Google (one already gone there counts as deleted), then here. */
export async function deletePost(
  deps: ListingDeps,
  actor: Actor,
  input: { connectionId: string; postId: string },
): Promise<void> {
  userOf(actor);
  const { connection } = await postingConnection(deps, actor, input.connectionId);
  const row = await storedPost(deps, connection, input.postId);
  await callGoogle(deps, connection.connectionId, (api, token) =>
    api.deleteLocalPost(token, whereOf(row), row.googleName).catch((error: unknown) => {
      if (error instanceof IntegrationError && error.category === 'not-found') return;
      throw error;
    }),
  );
  await deps.transact((tx) => deletePostRow(tx, row.id));
}
