import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { notFound } from '@brigade/domain/errors';
import { type AiConfig, aiConfigSchema } from '@brigade/domain/listing/connection';
import {
  type DraftBusiness,
  type DraftSettings,
  draftSettingsOf,
} from '@brigade/domain/listing/draft-settings';
import { type AiReplySettings, withAiReplySettings } from '@brigade/domain/platform-sync';
import type { Restaurant } from '@brigade/domain/restaurant';
import type { ChatCompletionsApi } from '@brigade/llm/chat-api';
import { findRestaurant, lockRestaurant, updateRestaurantRow } from '../tenancy/index';
import { type ConnectionRow, updateConnectionRow } from './connection-repository';
import { managedConnection } from './listing-access';
import type { ListingDeps } from './listing-deps';
import { type DraftSource, draftProblem, draftReply } from './review-drafts';
import { REVIEW_NOT_FOUND } from './review-reply';
import { findReviewsById, type ReviewRow } from './review-repository';

/**
 * A connection's AI config and reply drafts on request (issue 19; docs/behaviour/ai-review-replies.md).
 * The config is stored on the connection (migration 0021), defaults filled in; none stored means none (404).
 * A draft is answered, never posted: only a person's reply, or the auto-reply job, posts (auto-reply.ts).
 */

export const AI_CONFIG_NOT_FOUND = 'AI config not found';

/** The defaults: what a connection without a stored AI config drafts with (AI and auto-reply off). */
export const DEFAULT_AI_CONFIG: AiConfig = aiConfigSchema.parse({});

export async function getAiConfig(deps: ListingDeps, actor: Actor, connectionId: string): Promise<AiConfig> {
  const connection = await deps.transact((tx) => managedConnection(tx, actor, connectionId));
  if (!connection.aiConfig) throw notFound(AI_CONFIG_NOT_FOUND, 'AI_CONFIG_NOT_FOUND');
  return aiConfigSchema.parse(connection.aiConfig);
}

/** Replaces the connection's AI config with `config` (already validated, defaults filled in). */
export async function saveAiConfig(
  deps: ListingDeps,
  actor: Actor,
  input: { connectionId: string; config: AiConfig; reply?: AiReplySettings },
): Promise<AiConfig> {
  const config = aiConfigSchema.parse(input.config);
  return deps.transact(async (tx) => {
    const connection = await managedConnection(tx, actor, input.connectionId);
    await updateConnectionRow(tx, connection.connectionId, { aiConfig: config });
    if (input.reply) await saveReplySettings(tx, connection, config.isEnabled, input.reply);
    return config;
  });
}

/** The restaurant's half of the settings, read and written under the row's lock (withAiReplySettings). */
async function saveReplySettings(
  tx: Executor,
  connection: ConnectionRow,
  enabled: boolean,
  reply: AiReplySettings,
): Promise<void> {
  const { tenantId, restaurantId } = connection;
  const restaurant = await lockRestaurant(tx, tenantId, restaurantId);
  if (!restaurant) throw notFound(REVIEW_NOT_FOUND, 'REVIEW_NOT_FOUND');
  const platformSync = withAiReplySettings(restaurant.platformSync, enabled, reply);
  await updateRestaurantRow(tx, tenantId, restaurantId, { platformSync });
}

/** The business as a reply may mention it: the restaurant's name and public contact details. */
export function businessOf(restaurant: Restaurant): DraftBusiness {
  return {
    name: restaurant.name,
    phone: restaurant.contact.phone,
    email: restaurant.contact.email,
    website: restaurant.contact.website ?? null,
  };
}

/** The merged draft settings of a connection and its restaurant (draftSettingsOf). */
export function settingsOf(
  connection: Pick<ConnectionRow, 'aiConfig'>,
  restaurant: Restaurant,
): DraftSettings {
  const config = connection.aiConfig ? aiConfigSchema.parse(connection.aiConfig) : DEFAULT_AI_CONFIG;
  return draftSettingsOf(config, restaurant.platformSync.platforms.googleMyBusiness?.aiReplyConfig);
}

/** The restaurant of a connection or review, read in the caller's transaction. */
export async function restaurantOf(
  tx: Executor,
  scope: { tenantId: number; restaurantId: number },
): Promise<Restaurant> {
  const restaurant = await findRestaurant(tx, scope.tenantId, scope.restaurantId);
  if (!restaurant) throw notFound(REVIEW_NOT_FOUND, 'REVIEW_NOT_FOUND');
  return restaurant;
}

/** The stored review of the connection's restaurant with this id; else 404. */
export async function reviewOfConnection(
  tx: Executor,
  connection: ConnectionRow,
  reviewId: string,
): Promise<ReviewRow> {
  const review = (await findReviewsById(tx, reviewId)).find(
    (row) => row.tenantId === connection.tenantId && row.restaurantId === connection.restaurantId,
  );
  if (!review) throw notFound(REVIEW_NOT_FOUND, 'REVIEW_NOT_FOUND');
  return review;
}

/**
 * POST …/reviews/generate-ai-response {connectionId, reviewId}: a draft from the model (or the
 * local drafter when `llm` is undefined). A failing model is a 429/502/504 problem, never a local draft.
 */
export async function generateAiResponse(
  deps: ListingDeps,
  actor: Actor,
  llm: ChatCompletionsApi | undefined,
  input: { connectionId: string; reviewId: string },
): Promise<{ response: string; source: DraftSource }> {
  const { connection, review, restaurant } = await deps.transact(async (tx) => {
    const found = await managedConnection(tx, actor, input.connectionId);
    return {
      connection: found,
      review: await reviewOfConnection(tx, found, input.reviewId),
      restaurant: await restaurantOf(tx, found),
    };
  });
  const outcome = await draftReply(
    { config: settingsOf(connection, restaurant), review, business: businessOf(restaurant) },
    llm,
  );
  if (!outcome.ok) {
    deps.log.warn(
      { connectionId: connection.connectionId, failure: outcome.failure, reason: outcome.message },
      'AI review reply draft failed',
    );
    throw draftProblem(outcome);
  }
  return { response: outcome.text, source: outcome.source };
}
