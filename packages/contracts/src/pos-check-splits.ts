import { deviceHeaders } from '@brigade/domain/pos/api';
import {
  discountCheckSchema,
  mergeCheckSchema,
  moveLinesSchema,
  splitCheckSchema,
  transferCheckSchema,
} from '@brigade/domain/pos/check-splits';
import { checkSchema } from '@brigade/domain/pos/checks';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { APPROVAL, CHANGED, checkAnswer, checkParams } from './pos-checks';

/**
 * Split, merged and moved checks, transfers and check-wide discounts (docs/behaviour/pos.md#splitting-and-merging-checks,
 * decision 056). Register calls: the device's token beside the session; every change names the versions it saw.
 */

const tags = ['pos'];
const base = '/tenants/{tenantId}/restaurants/{restaurantId}';
const employee = { kind: 'tenant' as const, role: 'employee' as const };
const checksAnswer = {
  status: 200 as const,
  description: 'The checks changed: the one named first, then the others',
  schema: successOf(z.object({ checks: z.array(checkSchema) })),
};

export const discountPosCheck = defineEndpoint({
  id: 'discountPosCheck',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/discount`,
  summary: 'Discount or comp the whole check by an amount or a percentage, with a reason',
  description: `${CHANGED} Shared out over the lines in proportion. A value of 0 takes it off. ${APPROVAL}`,
  tags,
  access: employee,
  changes: 'none',
  outside: true,
  request: { params: checkParams, body: discountCheckSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const splitPosCheck = defineEndpoint({
  id: 'splitPosCheck',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/split`,
  summary: 'Split a check by seat, by item (lines to a new check) or evenly in N parts',
  description: `${CHANGED} One transaction; lines keep their rounds and sent state (nothing is sent again).`,
  tags,
  access: employee,
  changes: 'none',
  request: { params: checkParams, body: splitCheckSchema, headers: deviceHeaders },
  response: checksAnswer,
  problems: [404, 409],
});

export const mergePosChecks = defineEndpoint({
  id: 'mergePosChecks',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/merge`,
  summary: 'Merge another open check into this one (the other is closed as merged)',
  description: `${CHANGED} Both checks' versions are checked.`,
  tags,
  access: employee,
  changes: 'none',
  request: { params: checkParams, body: mergeCheckSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});

export const movePosCheckLines = defineEndpoint({
  id: 'movePosCheckLines',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/move-lines`,
  summary: 'Move lines to another open check, or to a new check at a table',
  description: `${CHANGED} Both checks' versions are checked.`,
  tags,
  access: employee,
  changes: 'none',
  request: { params: checkParams, body: moveLinesSchema, headers: deviceHeaders },
  response: checksAnswer,
  problems: [404, 409],
});

export const transferPosCheck = defineEndpoint({
  id: 'transferPosCheck',
  method: 'POST',
  path: `${base}/pos/checks/{orderId}/transfer`,
  summary: 'Hand an open check to another server (an active employee of the restaurant)',
  description: CHANGED,
  tags,
  access: employee,
  changes: 'none',
  request: { params: checkParams, body: transferCheckSchema, headers: deviceHeaders },
  response: checkAnswer,
  problems: [404, 409],
});
