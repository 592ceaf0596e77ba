import { errorMessage } from '@brigade/api-client/problem-error';
import { CLOCK_IN_REFUSED, type PunchInput } from '@brigade/domain/staff/api';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { useRegisterContext } from '../register/context';
import { type Staff, usePunch } from '../staff-queries';
import { centsOfDigits, Keypad } from './keypad';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

function clockLine(staff: Staff): string {
  const { status, entry } = staff.clock;
  if (status === 'off' || !entry) return 'Off the clock';
  const job = entry.jobTitle ? ` · ${entry.jobTitle}` : '';
  if (status === 'on') return `On the clock since ${timeOf(entry.clockInAt)}${job}`;
  const open = entry.breaks.find((b) => b.endedAt === null);
  return `On ${open?.paid ? 'a paid' : 'an unpaid'} break since ${open ? timeOf(open.startedAt) : ''}`;
}

const DONE: Record<NonNullable<PunchInput['action']>, string> = {
  clock_in: 'Clocked in',
  start_break: 'Break started',
  end_break: 'Break ended',
  clock_out: 'Clocked out',
};

/**
 * The time clock for the employee whose passcode was typed on the lock screen: clock in (choosing the job
 * when they hold several), breaks paid or unpaid, and clock out with the cash tips they declare.
 */
export function ClockPanel(props: { staff: Staff; passcode: string; onDone: () => void }) {
  const { scope, device, money } = useRegisterContext();
  const [staff, setStaff] = useState(props.staff);
  const [jobId, setJobId] = useState<number | null>(staff.jobs.length === 1 ? staff.jobs[0]!.jobId : null);
  const [tips, setTips] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const punch = usePunch(scope, device.token);
  const act = (body: Omit<PunchInput, 'passcode'>) =>
    punch.mutate(
      { ...body, passcode: props.passcode },
      {
        onSuccess: (next) => {
          setStaff(next);
          setDone(DONE[body.action!]);
        },
      },
    );
  const { status } = staff.clock;
  return (
    <section className="pos-lock__card pos-clock" aria-labelledby="clock-title">
      <h1 id="clock-title" className="pos-lock__title">
        {staff.name}
      </h1>
      <p className="pos-clock__state" data-testid="clock-state">
        {clockLine(staff)}
      </p>
      {done && <Alert tone="success" title={done} />}
      {punch.isError && <Alert tone="error">{errorMessage(punch.error)}</Alert>}
      {status === 'off' && !staff.canClockIn && <Alert tone="warning">{CLOCK_IN_REFUSED}</Alert>}
      {status === 'off' && staff.canClockIn && (
        <ClockInActions staff={staff} jobId={jobId} onJob={setJobId} busy={punch.isPending} act={act} />
      )}
      {status === 'on' && (
        <OnClockActions tips={tips} onTips={setTips} money={money} busy={punch.isPending} act={act} />
      )}
      {status === 'break' && (
        <Button size="lg" block loading={punch.isPending} onClick={() => act({ action: 'end_break' })}>
          End break
        </Button>
      )}
      <Button variant="ghost" block onClick={props.onDone}>
        Done
      </Button>
    </section>
  );
}

type Act = (body: Omit<PunchInput, 'passcode'>) => void;

function ClockInActions(props: {
  staff: Staff;
  jobId: number | null;
  onJob: (jobId: number) => void;
  busy: boolean;
  act: Act;
}) {
  const { staff, jobId, onJob, busy, act } = props;
  return (
    <>
      {staff.jobs.length > 1 && (
        <fieldset className="pos-clock__jobs" aria-label="Job">
          <legend className="pos-keypad__label">Clock in as</legend>
          {staff.jobs.map((job) => (
            <label key={job.jobId} className="pos-clock__job">
              <input
                type="radio"
                name="clock-job"
                checked={jobId === job.jobId}
                onChange={() => onJob(job.jobId)}
              />
              {job.title}
            </label>
          ))}
        </fieldset>
      )}
      <Button
        size="lg"
        block
        disabled={jobId === null}
        loading={busy}
        onClick={() => act({ action: 'clock_in', ...(jobId ? { jobId } : {}) })}
      >
        Clock in
      </Button>
    </>
  );
}

function OnClockActions(props: {
  tips: string;
  onTips: (digits: string) => void;
  money: (cents: number) => string;
  busy: boolean;
  act: Act;
}) {
  const { tips, onTips, money, busy, act } = props;
  return (
    <>
      <div className="pos-clock__row">
        <Button variant="secondary" block onClick={() => act({ action: 'start_break', paid: false })}>
          Start unpaid break
        </Button>
        <Button variant="secondary" block onClick={() => act({ action: 'start_break', paid: true })}>
          Start paid break
        </Button>
      </div>
      <Keypad label="Cash tips to declare" digits={tips} onChange={onTips} format={money} />
      <Button
        size="lg"
        block
        loading={busy}
        onClick={() => act({ action: 'clock_out', declaredTips: centsOfDigits(tips) })}
      >
        Clock out
      </Button>
    </>
  );
}
