import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import type { CartLine } from '@brigade/domain/ordering/line-pricing';
import { CHECK_CHANGED, type CheckLineInput } from '@brigade/domain/pos/checks';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { LoadingView } from '@brigade/ui/components/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EMPTY_CHECK } from '../check/check';
import {
  checkCalls,
  checkKey,
  checksKey,
  type Discount,
  floorKey,
  type OpenCheck,
  payCheck,
  payCheckByCard,
  type Split,
  useCheck,
  useFloor,
} from '../check-queries';
import { readReceiptChoice } from '../device-store';
import type { Item } from '../queries';
import { isDeviceRefusal, salesKey } from '../queries';
import { useRegisterContext } from '../register/context';
import { needsChoices, sellingMenus } from '../register/sections';
import { CardDialog } from './card-dialog';
import { CheckBar } from './check-panel';
import { ApprovalPrompt } from './check-tools';
import { ItemDialog } from './item-dialog';
import { KeyedCardDialog } from './keyed-dialog';
import { MenuPanel } from './menu-panel';
import { OpenCheckPanel } from './open-check-panel';
import { PayDialog } from './pay-dialog';

/**
 * An open check (issue 46 items 4 and 5): the menu on the left and the server's check on the right. Each
 * tap rings a line on for the chosen seat and course at once; "Send" and "Fire next course" send to the
 * kitchen; "Pay" takes cash. Another register's change (409) reads the check again and says so.
 */
export function OpenCheckScreen() {
  const { scope, device } = useRegisterContext();
  const orderId = Number(useParams().orderId);
  const check = useCheck(scope, device.token, orderId);
  if (check.isPending) return <LoadingView message="Opening the check..." />;
  if (check.isError)
    return (
      <ErrorView
        level={1}
        title="The check could not be read"
        message={errorMessage(check.error)}
        actions={<Button onClick={() => void check.refetch()}>Try Again</Button>}
      />
    );
  return <CheckEditor check={check.data} />;
}

/** The choices a new line goes on with: a seat (0: the table's) and a course ('item': the item's own). */
export interface LineTarget {
  seat: number;
  course: number | null | 'item';
}

function CheckEditor({ check }: { check: OpenCheck }) {
  const { register } = useRegisterContext();
  const menus = useMemo(() => sellingMenus(register.menus), [register.menus]);
  const change = useCheckChange(check);
  const [target, setTarget] = useState<LineTarget>({ seat: 1, course: 'item' });
  const [choosing, setChoosing] = useState<Item | null>(null);
  const [paying, setPaying] = useState<'cash' | 'card' | 'keyed' | null>(null);
  const [sheet, setSheet] = useState(false);
  const navigate = useNavigate();
  const seats = useSeats(check);
  const add = (line: CartLine) =>
    change.run((calls, current) =>
      calls.add(current, [
        {
          ...line,
          ...(target.seat > 0 ? { seat: target.seat } : {}),
          ...(target.course === 'item' ? {} : { courseId: target.course }),
        },
      ]),
    );
  const open = check.status === 'open';
  return (
    <main className="pos-register" data-check-open={sheet ? 'true' : undefined}>
      <h1 className="ui-visually-hidden">
        Check #{check.number}
        {check.guestName ? ` · ${check.guestName}` : ''}
      </h1>
      <MenuPanel
        menus={menus}
        onPick={(item) => {
          if (!open) return;
          if (needsChoices(item)) setChoosing(item);
          else void add({ itemId: item.itemId, quantity: 1, modifiers: [] });
        }}
      />
      <OpenCheckPanel
        check={check}
        seats={seats}
        target={target}
        onTarget={setTarget}
        busy={change.busy}
        problem={change.problem}
        {...actionsOf(change, () => navigate('/tables'))}
        onPay={() => setPaying('cash')}
        onPayCard={register.device.terminal ? () => setPaying('card') : undefined}
        onPayKeyed={() => setPaying('keyed')}
        onClose={() => setSheet(false)}
      />
      <CheckBar
        count={check.lines.reduce((n, line) => n + line.quantity, 0)}
        total={check.totals.total}
        onOpen={() => setSheet(true)}
      />
      {choosing && (
        <ItemDialog
          item={choosing}
          onClose={() => setChoosing(null)}
          onAdd={(line) => {
            setChoosing(null);
            void add(line);
          }}
        />
      )}
      {change.approval && <ApprovalPrompt onClose={change.dismissApproval} onApprove={change.approve} />}
      {paying && (
        <PayCheck
          kind={paying}
          check={check}
          onClose={() => setPaying(null)}
          onDone={() => navigate('/tables')}
        />
      )}
    </main>
  );
}

/** The panel's changes to the check, each one call naming the version shown. */
function actionsOf(change: ReturnType<typeof useCheckChange>, toFloor: () => void) {
  const { run } = change;
  return {
    onRemove: (lineId: number) => void run((calls, current) => calls.remove(current, lineId)),
    onVoid: async (lineId: number, reason: string) => {
      await run((calls, current) => calls.void(current, lineId, reason));
    },
    onDiscount: async (lineId: number, discount: Discount) =>
      run((calls, current) => calls.discount(current, lineId, discount)),
    onDiscountCheck: async (discount: Discount) =>
      run((calls, current) => calls.discountCheck(current, discount)),
    onSplit: async (split: Split) => run((calls, current) => calls.split(current, split)),
    onMerge: async (from: OpenCheck) => run((calls, current) => calls.merge(current, from)),
    onMoveLines: async (lineIds: number[], to: OpenCheck) =>
      run((calls, current) => calls.moveLines(current, lineIds, to)),
    onTransfer: async (employeeId: number) => run((calls, current) => calls.transfer(current, employeeId)),
    onSend: () => void run((calls, current) => calls.send(current)),
    onMove: async (tableId: number | null) => {
      await run((calls, current) => calls.move(current, tableId));
    },
    onCloseCheck: async () => {
      if (await run((calls, current) => calls.close(current))) toFloor();
    },
    onFireNext: () => void run((calls, current) => calls.fireNext(current)),
    onHandBack: () => void run((calls, current) => calls.handBack(current)),
  };
}

/** Seats to choose from: the table's, or four; more when a line already sits higher. */
function useSeats(check: OpenCheck): number {
  const { scope, device } = useRegisterContext();
  const floor = useFloor(scope, device.token);
  const table = floor.data?.rooms.flatMap((room) => room.tables).find((t) => t.tableId === check.tableId);
  return Math.max(table?.seats ?? 4, ...check.lines.map((line) => line.seat ?? 0));
}

interface Calls {
  add: (check: OpenCheck, lines: CheckLineInput[]) => Promise<OpenCheck>;
  remove: (check: OpenCheck, lineId: number) => Promise<OpenCheck>;
  void: (check: OpenCheck, lineId: number, reason: string) => Promise<OpenCheck>;
  close: (check: OpenCheck) => Promise<OpenCheck>;
  handBack: (check: OpenCheck) => Promise<OpenCheck>;
  discount: (check: OpenCheck, lineId: number, discount: Discount) => Promise<OpenCheck>;
  discountCheck: (check: OpenCheck, discount: Discount) => Promise<OpenCheck>;
  split: (check: OpenCheck, split: Split) => Promise<OpenCheck>;
  merge: (check: OpenCheck, from: OpenCheck) => Promise<OpenCheck>;
  moveLines: (check: OpenCheck, lineIds: number[], to: OpenCheck) => Promise<OpenCheck>;
  transfer: (check: OpenCheck, employeeId: number) => Promise<OpenCheck>;
  move: (check: OpenCheck, tableId: number | null) => Promise<OpenCheck>;
  send: (check: OpenCheck) => Promise<OpenCheck>;
  fireNext: (check: OpenCheck) => Promise<OpenCheck>;
}

/**
 * One change at a time to the server's check: the answer replaces the check shown; a 409 because another
 * register changed it reads the check again and says so, and nothing is retried behind the person's back.
 */
function useCheckChange(check: OpenCheck) {
  const { scope, device, onRefused } = useRegisterContext();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // a change refused for want of a manager's approval, waiting for the passcode
  const [approval, setApproval] = useState<Change | null>(null);
  const run = async (change: Change, passcode?: string): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setProblem(null);
    const token = device.token;
    const calls: Calls = {
      add: (c, lines) => checkCalls.add(scope, token, c, lines),
      remove: (c, lineId) => checkCalls.remove(scope, token, c, lineId),
      void: (c, lineId, reason) => checkCalls.void(scope, token, c, lineId, reason, passcode),
      close: (c) => checkCalls.close(scope, token, c),
      handBack: (c) => checkCalls.handBack(scope, token, c),
      discount: (c, lineId, discount) => checkCalls.discount(scope, token, c, lineId, discount, passcode),
      discountCheck: (c, discount) => checkCalls.discountCheck(scope, token, c, discount, passcode),
      split: (c, split) => checkCalls.split(scope, token, c, split),
      merge: (c, from) => checkCalls.merge(scope, token, c, from),
      moveLines: (c, lineIds, to) => checkCalls.moveLines(scope, token, c, lineIds, to),
      transfer: (c, employeeId) => checkCalls.transfer(scope, token, c, employeeId),
      move: (c, tableId) => checkCalls.move(scope, device.token, c, tableId),
      send: (c) => checkCalls.send(scope, device.token, c),
      fireNext: (c) => checkCalls.fireNext(scope, device.token, c),
    };
    try {
      const next = await change(calls, check);
      queryClient.setQueryData(checkKey(scope, check.orderId), next);
      void queryClient.invalidateQueries({ queryKey: floorKey(scope) });
      void queryClient.invalidateQueries({ queryKey: checksKey(scope) });
      setApproval(null);
      return true;
    } catch (error) {
      if (isDeviceRefusal(error)) {
        onRefused(errorMessage(error));
        return false;
      }
      if (error instanceof ProblemError && error.code === 'APPROVAL_NEEDED') {
        // handed to the manager's passcode prompt: the dialog that asked may close
        setApproval(() => change);
        setProblem(errorMessage(error));
        return true;
      }
      setProblem(
        error instanceof ProblemError && error.code === 'CHECK_CHANGED' ? CHECK_CHANGED : errorMessage(error),
      );
      if (error instanceof ProblemError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: checkKey(scope, check.orderId) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return {
    run,
    busy,
    problem,
    approval,
    dismissApproval: () => setApproval(null),
    approve: async (passcode: string) => {
      if (approval) await run(approval, passcode);
    },
  };
}

type Change = (calls: Calls, current: OpenCheck) => Promise<OpenCheck>;

/** Cash or card for the check: the register's pay dialogs, sending the check's payment with its version. */
function PayCheck(props: {
  kind: 'cash' | 'card' | 'keyed';
  check: OpenCheck;
  onClose: () => void;
  onDone: () => void;
}) {
  const { scope, device } = useRegisterContext();
  const queryClient = useQueryClient();
  const paid = useRef(false);
  const { check } = props;
  const shared = {
    check: EMPTY_CHECK,
    // split tender: what cash already paid toward the check is not asked again
    total: check.balance,
    onPaid: () => {
      paid.current = true;
      void queryClient.invalidateQueries({ queryKey: checksKey(scope) });
      void queryClient.invalidateQueries({ queryKey: floorKey(scope) });
      void queryClient.invalidateQueries({ queryKey: salesKey(scope) });
    },
    // after "New sale" the floor comes back; a cancel leaves the check as it was
    onClose: () => (paid.current ? props.onDone() : props.onClose()),
  };
  if (props.kind === 'keyed')
    return <KeyedCardDialog check={check} onPaid={shared.onPaid} onClose={shared.onClose} />;
  if (props.kind === 'card')
    return (
      <CardDialog
        {...shared}
        parts
        onPart={() => void queryClient.invalidateQueries({ queryKey: checksKey(scope) })}
        send={(key, amount) =>
          payCheckByCard(
            scope,
            device.token,
            check.orderId,
            {
              version: check.version,
              receipt: readReceiptChoice(device.deviceId),
              ...(amount === undefined ? {} : { amount }),
            },
            key,
          )
        }
      />
    );
  return (
    <PayDialog
      {...shared}
      // a part paid: the check stays open, read again at its new version and balance
      onPart={() => void queryClient.invalidateQueries({ queryKey: checksKey(scope) })}
      send={(tendered, amount, receipt, key) =>
        payCheck(
          scope,
          device.token,
          check.orderId,
          {
            version: check.version,
            tender: { method: 'cash', tendered },
            ...(amount === undefined ? {} : { amount }),
            receipt,
          },
          key,
        )
      }
    />
  );
}
