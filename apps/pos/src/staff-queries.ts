import type { Jsonify } from '@brigade/api-client/client';
import { getTimeClockSettings, lockRegister, punchTimeClock, unlockRegister } from '@brigade/contracts/staff';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type { PunchInput, RegisterStaff, TimeClockSettings } from '@brigade/domain/staff/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from './api';
import { tracked } from './network';
import type { Scope } from './queries';

/** The register's staff calls (docs/behaviour/time-clock.md): the lock, the time clock, their settings. */

export type Staff = Jsonify<RegisterStaff>;
export type ClockSettings = Jsonify<TimeClockSettings>;

const params = (scope: Scope) => ({ tenantId: scope.tenantId, restaurantId: scope.restaurantId });
const headers = (token: string) => ({ [DEVICE_HEADER]: token });

export function useClockSettings(scope: Scope) {
  return useQuery({
    queryKey: ['pos', scope.tenantId, scope.restaurantId, 'time-clock-settings'],
    queryFn: ({ signal }) =>
      tracked(() => apiClient.call(getTimeClockSettings, { params: params(scope), signal })).then(
        (answer) => answer.data,
      ),
    staleTime: 60_000,
  });
}

export function useUnlock(scope: Scope, token: string) {
  return useMutation({
    mutationFn: (passcode: string) =>
      tracked(() =>
        apiClient.call(unlockRegister, {
          params: params(scope),
          headers: headers(token),
          body: { passcode },
        }),
      ).then((answer) => answer.data.staff),
  });
}

export function useLock(scope: Scope, token: string) {
  return useMutation({
    mutationFn: () =>
      tracked(() => apiClient.call(lockRegister, { params: params(scope), headers: headers(token) })),
  });
}

export function usePunch(scope: Scope, token: string) {
  return useMutation({
    mutationFn: (body: PunchInput) =>
      tracked(() =>
        apiClient.call(punchTimeClock, { params: params(scope), headers: headers(token), body }),
      ).then((answer) => answer.data.staff),
  });
}
