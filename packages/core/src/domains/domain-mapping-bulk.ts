import type { Actor } from '@brigade/domain/access';
import type { DomainMapping } from '@brigade/domain/domain-mapping';
import { isBrigadeError } from '@brigade/domain/errors';
import { createDomainMapping, type DomainContext, updateDomainMapping } from './domain-mapping-service';

/**
 * Bulk create and update of domain mappings (docs/behaviour/domains-and-public-sites.md#bulk-operations):
 * each item on its own, failures logged and reported beside the successes.
 */

export interface BulkResult {
  index: number;
  success: boolean;
  mapping?: DomainMapping;
  error?: string;
  guid?: string;
}
export interface BulkOutcome {
  results: BulkResult[];
  summary: { total: number; successful: number; failed: number };
}

const outcome = (results: BulkResult[]): BulkOutcome => {
  const successful = results.filter((r) => r.success).length;
  return { results, summary: { total: results.length, successful, failed: results.length - successful } };
};
const messageOf = (error: unknown): string =>
  isBrigadeError(error) ? error.message : error instanceof Error ? error.message : String(error);

/** spec 01 §8: partial failures in bulk create are reported, and the successful results returned. */
export async function bulkCreateDomainMappings(
  ctx: DomainContext,
  actor: Actor,
  mappings: readonly unknown[],
  log: (obj: object, msg: string) => void = () => {},
): Promise<BulkOutcome> {
  const results: BulkResult[] = [];
  for (const [index, body] of mappings.entries()) {
    try {
      results.push({ index, success: true, mapping: await createDomainMapping(ctx, actor, body) });
    } catch (error) {
      log({ index, error: messageOf(error) }, 'bulk domain mapping create failed');
      results.push({ index, success: false, error: messageOf(error) });
    }
  }
  return outcome(results);
}

export async function bulkUpdateDomainMappings(
  ctx: DomainContext,
  actor: Actor,
  mappings: readonly { guid: string; updates: unknown }[],
  log: (obj: object, msg: string) => void = () => {},
): Promise<BulkOutcome> {
  const results: BulkResult[] = [];
  for (const [index, { guid, updates }] of mappings.entries()) {
    try {
      results.push({
        index,
        guid,
        success: true,
        mapping: await updateDomainMapping(ctx, actor, guid, updates),
      });
    } catch (error) {
      log({ index, guid, error: messageOf(error) }, 'bulk domain mapping update failed');
      results.push({ index, guid, success: false, error: messageOf(error) });
    }
  }
  return outcome(results);
}
