import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Check, orderOf } from '../check/check';
import { checksKey, floorKey, openCheck } from '../check-queries';
import { isOffline } from '../network';
import { keptCheckOf, keptSaleTickets } from '../offline/offline-sale';
import { type BridgeOutcome, readBridge } from '../offline/print-bridge';
import type { Kept } from '../offline/queue';
import { placeOf, printKeptSale, queueSale } from '../offline/use-offline-queue';
import { isDeviceRefusal } from '../queries';
import { useRegisterContext } from '../register/context';
import { BridgeNote, DoneDialog } from './sale-done';

/** A check kept on the register while offline, and what the print bridge did with its tickets. */
export interface KeptCheck {
  kept: Kept;
  bridged: BridgeOutcome | 'printing' | null;
}

/**
 * "Send, pay later" (decision 072): the check being rung up opens as a tab with its lines sent to the
 * kitchen, to be paid later on any register — the way to serve a guest whose card cannot be taken now.
 * Online it is one call (its own Idempotency-Key, kept for "try again" while the answer is unknown) and the
 * register shows the open check. Offline the check is kept on the register with its key and opened when the
 * connection is back; where the register has a print bridge, its kitchen tickets print at once.
 */
export function useKeepOpen(onDone: () => void) {
  const { scope, device, register, onRefused } = useRegisterContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [kept, setKept] = useState<KeptCheck | null>(null);
  const key = useRef<string | null>(null);

  const keepHere = async (check: Check, at: Date, keyOf: string) => {
    const entry = keptCheckOf(check, register, { key: keyOf, place: placeOf(scope, device), at });
    if (!entry) return false;
    const bridge = readBridge(device.deviceId);
    const stored = await queueSale(bridge ? { ...entry, printingSince: at.toISOString() } : entry);
    setKept({ kept: stored, bridged: bridge ? 'printing' : null });
    if (bridge) {
      const make = () => ({ tickets: keptSaleTickets(check, register, stored), receipt: null });
      void printKeptSale(stored, make, bridge, register.registerPrinter).then((bridged) =>
        setKept({ kept: stored, bridged }),
      );
    }
    return true;
  };

  const keepOpen = async (check: Check) => {
    key.current ??= crypto.randomUUID();
    setBusy(true);
    setProblem(null);
    try {
      if (isOffline() && (await keepHere(check, new Date(), key.current))) {
        key.current = null;
        onDone();
        return;
      }
      const opened = await openCheck(scope, device.token, { ...orderOf(check), send: true }, key.current);
      key.current = null;
      void queryClient.invalidateQueries({ queryKey: checksKey(scope) });
      void queryClient.invalidateQueries({ queryKey: floorKey(scope) });
      onDone();
      navigate(`/checks/${opened.orderId}`);
    } catch (error) {
      if (isDeviceRefusal(error)) return onRefused(errorMessage(error));
      const answered = error instanceof ProblemError && error.status >= 400 && error.status < 500;
      // no answer: the check may be open already; trying again sends the same key, so it opens once
      if (answered) key.current = null;
      setProblem(
        answered
          ? errorMessage(error)
          : 'The check may not have been opened. Try again: it is opened once, however often you try.',
      );
    } finally {
      setBusy(false);
    }
  };
  return { keepOpen, busy, problem, kept, dismiss: () => setKept(null) };
}

/** "Check kept on this register": what happens to it, and what the print bridge did. */
export function KeptCheckDone({ kept, onNewSale }: { kept: KeptCheck; onNewSale: () => void }) {
  const { money, queue } = useRegisterContext();
  const name = kept.kept.body.guestName;
  return (
    <DoneDialog title="Check kept on this register" onNewSale={onNewSale}>
      <p className="pos-done__label">To pay later</p>
      <p className="pos-done__change" data-testid="kept-total">
        {money(kept.kept.total)}
      </p>
      <p className="pos-done__note" data-testid="check-kept">
        Offline: it opens as a tab{name ? ` for ${name}` : ''}
        {kept.bridged ? '' : ' and goes to the kitchen'} when the connection is back (
        {queue.waiting === 1 ? '1 waiting' : `${queue.waiting} waiting`}). Take payment for it then, from
        Tables.
      </p>
      {kept.bridged && <BridgeNote bridged={kept.bridged} />}
    </DoneDialog>
  );
}
