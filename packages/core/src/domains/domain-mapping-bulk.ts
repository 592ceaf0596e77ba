import type { Actor } from '@brigade/domain/access';
import type { DomainMapping } from '@brigade/domain/domain-mapping';
import { isBrigadeError } from '@brigade/domain/errors';
import type { DomainUseCaseDeps } from './domain-deps';
import { createDomainMapping, updateDomainMapping } from './domain-mapping-service';

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

/** Partial failures in bulk create are reported, and the successful results returned. */
export async function bulkCreateDomainMappings(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: { mappings: readonly unknown[] },
): Promise<BulkOutcome> {
  const results: BulkResult[] = [];
  for (const [index, body] of input.mappings.entries()) {
    try {
      results.push({ index, success: true, mapping: await createDomainMapping(deps, actor, body) });
    } catch (error) {
      deps.log?.warn({ index, error: messageOf(error) }, 'bulk domain mapping create failed');
      results.push({ index, success: false, error: messageOf(error) });
    }
  }
  return outcome(results);
}

export async function bulkUpdateDomainMappings(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: { mappings: readonly { guid: string; updates: unknown }[] },
): Promise<BulkOutcome> {
  const results: BulkResult[] = [];
  for (const [index, { guid, updates }] of input.mappings.entries()) {
    try {
      results.push({
        index,
        guid,
        success: true,
        mapping: await updateDomainMapping(deps, actor, { guid, changes: updates }),
      });
    } catch (error) {
      deps.log?.warn({ index, guid, error: messageOf(error) }, 'bulk domain mapping update failed');
      results.push({ index, guid, success: false, error: messageOf(error) });
    }
  }
  return outcome(results);
}
