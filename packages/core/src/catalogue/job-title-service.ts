import type { Db } from '@brigade/db/database';
import { updateEntity } from './catalogue-service';
import type { CatalogueScope } from './scope';
import { JOB_TITLE_STORE } from './staff-stores';
import type { Row } from './store';

/**
 * spec 02 §2 and §4: job titles are activated or deactivated in the back office; only active ones can be
 * assigned. Employees keep assignments to a title deactivated later (decision 008).
 */
export const setJobTitleActive = (
  db: Db,
  scope: CatalogueScope,
  jobId: number,
  isActive: boolean,
): Promise<Row> => updateEntity(db, JOB_TITLE_STORE, scope, jobId, { isActive });
