import { errorMessage } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { useCallback, useState } from 'react';
import { useRegisterContext } from '../register/context';
import { useIdleLock } from '../register/idle-lock';
import { type Staff, useClockSettings, usePunch, useUnlock } from '../staff-queries';
import { ClockPanel } from './clock-panel';
import { PASSCODE_MIN, PasscodePad } from './passcode-pad';

/**
 * The register's lock (docs/behaviour/time-clock.md#the-register-lock): staff type their passcode to unlock
 * it, or to reach the time clock. The passcode stays in this screen's memory only while its clock panel is
 * open; a wrong one is counted on the server (5 a minute lock the register).
 */
export function LockScreen(props: { onUnlocked: (staff: Staff) => void }) {
  const { scope, device } = useRegisterContext();
  const [digits, setDigits] = useState('');
  const [clock, setClock] = useState<{ staff: Staff; passcode: string } | null>(null);
  const unlock = useUnlock(scope, device.token);
  const status = usePunch(scope, device.token);
  // the clock panel holds the typed passcode: it closes by itself when nobody touches it
  const idle = useClockSettings(scope).data?.autoLockSeconds ?? 120;
  const closeClock = useCallback(() => setClock(null), []);
  useIdleLock(clock !== null, idle, closeClock);
  const ready = digits.length >= PASSCODE_MIN;
  const busy = unlock.isPending || status.isPending;
  const error = unlock.error ?? status.error;

  const onUnlock = () => {
    status.reset();
    unlock.mutate(digits, { onSuccess: props.onUnlocked, onSettled: () => setDigits('') });
  };
  const onClock = () => {
    unlock.reset();
    const passcode = digits;
    status.mutate(
      { passcode },
      { onSuccess: (staff) => setClock({ staff, passcode }), onSettled: () => setDigits('') },
    );
  };

  if (clock)
    return (
      <div className="pos-lock">
        <ClockPanel staff={clock.staff} passcode={clock.passcode} onDone={() => setClock(null)} />
      </div>
    );
  return (
    <div className="pos-lock">
      <section className="pos-lock__card" aria-labelledby="lock-title">
        <h1 id="lock-title" className="pos-lock__title">
          Register locked
        </h1>
        <p className="pos-lock__lead">Enter your passcode to unlock the register or to use the time clock.</p>
        {error && (
          <Alert tone="error" title="Not unlocked">
            {errorMessage(error)}
          </Alert>
        )}
        <PasscodePad digits={digits} onChange={setDigits} onEnter={onUnlock} disabled={busy} />
        <div className="pos-lock__actions">
          <Button size="lg" block disabled={!ready} loading={unlock.isPending} onClick={onUnlock}>
            Unlock
          </Button>
          <Button
            size="lg"
            block
            variant="secondary"
            disabled={!ready}
            loading={status.isPending}
            onClick={onClock}
          >
            Time clock
          </Button>
        </div>
      </section>
    </div>
  );
}
