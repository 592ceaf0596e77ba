import type { Actor } from '@brigade/domain/access';
import { JOB_TITLE_KIND } from '@brigade/domain/catalogue/kinds';
import type { UseCaseDeps } from '../use-case';
import { updateCatalogueRecord } from './catalogue-service';
import type { Row } from './store';

/**
 * Job titles are activated or deactivated in the back office; only active ones can be
 * assigned. Employees keep assignments to a title deactivated later (decision 008).
 */
export const setJobTitleActive = (
  deps: UseCaseDeps,
  actor: Actor,
  input: { tenantId: number; restaurantId: number; jobId: number; isActive: boolean },
): Promise<Row> =>
  updateCatalogueRecord(deps, actor, {
    kind: JOB_TITLE_KIND,
    tenantId: input.tenantId,
    restaurantId: input.restaurantId,
    id: input.jobId,
    patch: { isActive: input.isActive },
  });
