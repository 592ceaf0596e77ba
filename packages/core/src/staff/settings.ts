import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { type TimeClockSettings, timeClockSettingsSchema } from '@brigade/domain/staff/api';
import type { Weekday } from '@brigade/domain/weekdays';
import { resolveCatalogueScope } from '../catalogue/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { type RestaurantScope, readClockSettings, saveClockSettings } from './staff-repository';

/**
 * A restaurant's time-clock settings (docs/behaviour/time-clock.md#settings): overtime hours a week, the
 * day a work week starts, the pay period, and how soon an idle register locks itself. Defaults until saved.
 */

export async function clockSettingsOf(ex: Executor, scope: RestaurantScope): Promise<TimeClockSettings> {
  const row = await readClockSettings(ex, scope);
  if (!row) return timeClockSettingsSchema.parse({});
  return {
    overtimeWeeklyHours: Number(row.overtimeWeeklyHours),
    weekStartsOn: row.weekStartsOn as Weekday,
    payPeriod: row.payPeriod as TimeClockSettings['payPeriod'],
    payPeriodAnchor: row.payPeriodAnchor,
    lockWithPasscodes: row.lockWithPasscodes,
    autoLockSeconds: row.autoLockSeconds,
    approvalLimit: row.approvalLimit,
    approvalLimitPercent: row.approvalLimitPercent,
    cardTips: row.cardTips,
  };
}

export async function getClockSettings(
  deps: UseCaseDeps,
  actor: Actor,
  scope: RestaurantScope,
): Promise<TimeClockSettings> {
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  return clockSettingsOf(deps.db, scope);
}

export async function saveClockSettingsFor(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { body: unknown },
): Promise<TimeClockSettings> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const settings = timeClockSettingsSchema.parse(input.body);
  await saveClockSettings(deps.db, { ...scope, ...settings });
  return settings;
}
