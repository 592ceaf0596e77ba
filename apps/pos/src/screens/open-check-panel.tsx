import { Button } from '@brigade/ui/components/button';
import { useId, useState } from 'react';
import type { Discount, OpenCheck, Split } from '../check-queries';
import { useRegisterContext } from '../register/context';
import { MoveDialog, PayButtons, VoidLineDialog } from './check-panel-dialogs';
import { CheckTools } from './check-tools';
import { DiscountDialog } from './discount-dialog';
import type { LineTarget } from './open-check-screen';

type Line = OpenCheck['lines'][number];

/**
 * The right of an open check: the seat and course new lines go on, the lines by course in firing order
 * (sent, or waiting with a remove button), the totals, and Send, Fire next course and Pay.
 */
interface PanelProps {
  check: OpenCheck;
  seats: number;
  target: LineTarget;
  onTarget: (target: LineTarget) => void;
  busy: boolean;
  problem: string | null;
  onRemove: (lineId: number) => void;
  /** A manager's void of a sent line, with the reason. */
  onVoid: (lineId: number, reason: string) => Promise<void>;
  onDiscount: (lineId: number, discount: Discount) => Promise<boolean>;
  onDiscountCheck: (discount: Discount) => Promise<boolean>;
  onSplit: (split: Split) => Promise<boolean>;
  onMerge: (from: OpenCheck) => Promise<boolean>;
  onMoveLines: (lineIds: number[], to: OpenCheck) => Promise<boolean>;
  onTransfer: (employeeId: number) => Promise<boolean>;
  onSend: () => void;
  onMove: (tableId: number | null) => Promise<void>;
  /** Closes a check with nothing sent (back to the floor). */
  onCloseCheck: () => Promise<void>;
  onFireNext: () => void;
  /** A manager hands back the cash paid toward the check (split tender). */
  onHandBack: () => void;
  onPay: () => void;
  /** Paying by card on the register's terminal; absent when it has none. */
  onPayCard?: (() => void) | undefined;
  /** A card keyed into the hosted card-entry frame. */
  onPayKeyed: () => void;
  onClose: () => void;
}

export function OpenCheckPanel(props: PanelProps) {
  const { check } = props;
  const { offline, money } = useRegisterContext();
  const titleId = useId();
  const open = check.status === 'open';
  const [voiding, setVoiding] = useState<Line | null>(null);
  const [moving, setMoving] = useState(false);
  const [discounting, setDiscounting] = useState<Line | null>(null);
  return (
    <aside className="pos-check" aria-labelledby={titleId}>
      <header className="pos-check__head">
        <h2 id={titleId} className="pos-check__title">
          {check.guestName ?? 'Counter'} · #{check.number}
          {check.server && <span className="pos-check__server"> · {check.server.name}</span>}
        </h2>
        <Button variant="secondary" className="pos-check__back" onClick={props.onClose}>
          Back to menu
        </Button>
      </header>
      {open && <CheckManage {...props} onMoveTable={() => setMoving(true)} />}
      {discounting && (
        <DiscountDialog
          title={`Discount ${discounting.quantity} × ${discounting.name}`}
          description={`Now ${money(discounting.lineTotal)}. An amount or a percentage of the line, and the reason.`}
          current={discounting.discount}
          onClose={() => setDiscounting(null)}
          onDiscount={(discount) => props.onDiscount(discounting.lineId, discount)}
        />
      )}
      {moving && (
        <MoveDialog
          check={check}
          onClose={() => setMoving(false)}
          onMove={async (tableId) => {
            await props.onMove(tableId);
            setMoving(false);
          }}
        />
      )}
      {open && <TargetPicker seats={props.seats} target={props.target} onTarget={props.onTarget} />}
      {check.lines.length === 0 ? (
        <p className="pos-check__empty">Tap an item to ring it on for the seat and course above.</p>
      ) : (
        <CourseGroups
          check={check}
          disabled={props.busy || offline}
          onRemove={props.onRemove}
          onVoid={open ? setVoiding : undefined}
          onDiscount={open ? setDiscounting : undefined}
        />
      )}
      <CheckFoot {...props} />
      {voiding && (
        <VoidLineDialog
          line={voiding}
          onClose={() => setVoiding(null)}
          onVoid={async (reason) => {
            await props.onVoid(voiding.lineId, reason);
            setVoiding(null);
          }}
        />
      )}
    </aside>
  );
}

/** An open check's own moves: to another table, split, merge, a check discount, or closed while nothing was sent. */
function CheckManage(props: PanelProps & { onMoveTable: () => void }) {
  const { check } = props;
  const { offline, money } = useRegisterContext();
  // a card paid part of it (split tender): a manager hands it back before the check can close
  const byCard =
    check.tenders.reduce(
      (sum, t) => sum + (t.method !== 'card' ? 0 : t.kind === 'refund' ? -t.amount : t.amount),
      0,
    ) > 0;
  return (
    <div className="pos-check__manage">
      <Button variant="secondary" disabled={props.busy || offline} onClick={props.onMoveTable}>
        Move table
      </Button>
      <CheckTools
        check={check}
        disabled={props.busy || offline}
        onSplit={props.onSplit}
        onMerge={props.onMerge}
        onMoveLines={props.onMoveLines}
        onTransfer={props.onTransfer}
        onDiscountCheck={props.onDiscountCheck}
      />
      {!check.lines.some((line) => line.sent) && !byCard && (
        <Button
          variant="secondary"
          disabled={props.busy || offline}
          onClick={() => void props.onCloseCheck()}
        >
          {check.paid > 0 ? `Close check, hand back ${money(check.paid)}` : 'Close check'}
        </Button>
      )}
      {check.paid > 0 && (byCard || check.lines.some((line) => line.sent)) && (
        // a manager's: the cash paid toward the check goes back, so its sent lines can be voided
        <Button variant="secondary" disabled={props.busy || offline} onClick={props.onHandBack}>
          Hand back {money(check.paid)}
        </Button>
      )}
    </div>
  );
}

/** The figures, the last refusal, and Fire next course, Send all and Pay while the check is open. */
function CheckFoot(props: PanelProps) {
  const { check } = props;
  const { money, offline } = useRegisterContext();
  const waiting = check.lines.filter((line) => !line.sent).length;
  const idle = !props.busy && !offline;
  return (
    <div className="pos-check__foot">
      <dl className="pos-figures">
        {check.discount && (
          <div>
            <dt>Check discount: {check.discount.reason}</dt>
            <dd>−{money(check.discount.amount)}</dd>
          </div>
        )}
        <div>
          <dt>Subtotal</dt>
          <dd>{money(check.totals.subtotal)}</dd>
        </div>
        {check.totals.taxes.map((tax) => (
          <div key={tax.taxRateId}>
            <dt>{tax.name}</dt>
            <dd>{money(tax.amount > 0 ? tax.amount : tax.included)}</dd>
          </div>
        ))}
        <div className="pos-figures__total">
          <dt>Total</dt>
          <dd data-testid="check-total">{money(check.totals.total)}</dd>
        </div>
        {check.status === 'open' && check.paid > 0 && (
          <>
            <div>
              <dt>Paid</dt>
              <dd data-testid="check-paid">−{money(check.paid)}</dd>
            </div>
            <div className="pos-figures__total">
              <dt>Balance due</dt>
              <dd data-testid="check-balance">{money(check.balance)}</dd>
            </div>
          </>
        )}
      </dl>
      {props.problem && (
        <p className="pos-check__problems" role="alert">
          {props.problem}
        </p>
      )}
      {check.status === 'open' ? (
        <div className="pos-check__actions">
          <Button size="lg" variant="secondary" disabled={waiting === 0 || !idle} onClick={props.onFireNext}>
            Fire next course
          </Button>
          <Button size="lg" variant="secondary" disabled={waiting === 0 || !idle} onClick={props.onSend}>
            Send all ({waiting})
          </Button>
          <PayButtons
            total={check.balance}
            disabled={check.lines.length === 0 || !idle}
            onPay={props.onPay}
            onPayCard={props.onPayCard}
            onPayKeyed={props.onPayKeyed}
          />
        </div>
      ) : (
        <p className="pos-check__empty">This check is {check.status === 'accepted' ? 'paid' : 'closed'}.</p>
      )}
    </div>
  );
}

/** Seat (Table, 1…n) and course (the item's own, or one of the restaurant's) for the next lines. */
function TargetPicker(props: { seats: number; target: LineTarget; onTarget: (t: LineTarget) => void }) {
  const { register } = useRegisterContext();
  const { target, onTarget } = props;
  const seats = Array.from({ length: props.seats + 1 }, (_, seat) => seat);
  return (
    <div className="pos-check__setup">
      <fieldset aria-label="Seat" className="pos-segment pos-segment--wrap">
        {seats.map((seat) => (
          <button
            key={seat}
            type="button"
            className="pos-segment__option"
            aria-pressed={target.seat === seat}
            onClick={() => onTarget({ ...target, seat })}
          >
            {seat === 0 ? 'Table' : `Seat ${seat}`}
          </button>
        ))}
      </fieldset>
      {register.courses.length > 0 && (
        <fieldset aria-label="Course" className="pos-segment pos-segment--wrap">
          {[{ courseId: 'item' as const, name: "Item's course" }, ...register.courses].map((course) => (
            <button
              key={course.courseId}
              type="button"
              className="pos-segment__option"
              aria-pressed={target.course === course.courseId}
              onClick={() => onTarget({ ...target, course: course.courseId })}
            >
              {course.name}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}

/** The lines by course in firing order (lines without a course first: they go at once). */
function CourseGroups(props: {
  check: OpenCheck;
  disabled: boolean;
  onRemove: (lineId: number) => void;
  onVoid?: ((line: Line) => void) | undefined;
  onDiscount?: ((line: Line) => void) | undefined;
}) {
  const { register } = useRegisterContext();
  const known = new Set(register.courses.map((c) => c.courseId));
  const groups = [
    {
      courseId: null as number | null,
      name: 'No course',
      lines: props.check.lines.filter((l) => l.courseId === null || !known.has(l.courseId)),
    },
    ...register.courses.map((course) => ({
      courseId: course.courseId as number | null,
      name: course.name,
      lines: props.check.lines.filter((l) => l.courseId === course.courseId),
    })),
  ].filter((group) => group.lines.length > 0);
  return (
    <div className="pos-courses">
      {groups.map((group) => (
        <section key={group.courseId ?? 'none'} className="pos-course" aria-label={group.name}>
          <h3 className="pos-course__name">
            {group.name}
            <span className="pos-course__state">
              {group.lines.every((l) => l.sent)
                ? 'Sent'
                : group.lines.some((l) => l.sent)
                  ? 'Part sent'
                  : 'Held'}
            </span>
          </h3>
          <ol className="pos-lines">
            {group.lines.map((line) => (
              <CheckLineItem
                key={line.lineId}
                line={line}
                disabled={props.disabled}
                onRemove={props.onRemove}
                onVoid={props.onVoid}
                onDiscount={props.onDiscount}
              />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function CheckLineItem(props: {
  line: Line;
  disabled: boolean;
  onRemove: (lineId: number) => void;
  onVoid?: ((line: Line) => void) | undefined;
  onDiscount?: ((line: Line) => void) | undefined;
}) {
  const { money } = useRegisterContext();
  const { line } = props;
  return (
    <li className="pos-line" data-sent={line.sent ? 'true' : undefined}>
      <div className="pos-line__main">
        <span className="pos-line__name">
          {line.quantity > 1 && <span className="pos-line__qty">{line.quantity} × </span>}
          {line.name}
          {line.sizeName && <span className="pos-line__size"> ({line.sizeName})</span>}
          {line.share && (
            <span className="pos-line__size">
              {' '}
              · share {line.share.part} of {line.share.of}
            </span>
          )}
        </span>
        <span className="pos-line__total">{money(line.lineTotal)}</span>
      </div>
      {line.modifiers.length > 0 && (
        <ul className="pos-line__mods">
          {line.modifiers.map((m) => (
            <li key={m.name}>{m.quantity > 1 ? `${m.quantity} × ${m.name}` : m.name}</li>
          ))}
        </ul>
      )}
      {line.discount && (
        <p className="pos-line__note">
          {line.discount.value === 100 && line.discount.kind === 'percent' ? 'Comp' : 'Discount'} −
          {money(line.discount.amount)}: {line.discount.reason}
        </p>
      )}
      <div className="pos-line__actions">
        <span className="pos-line__seat">{line.seat ? `Seat ${line.seat}` : 'Table'}</span>
        <span className="pos-line__status">{line.sent ? `Sent · round ${line.round}` : 'Waiting'}</span>
        {!line.sent && (
          <button
            type="button"
            className="pos-line__action pos-line__action--remove"
            aria-label={`Remove ${line.name}`}
            disabled={props.disabled}
            onClick={() => props.onRemove(line.lineId)}
          >
            Remove
          </button>
        )}
        {props.onDiscount && (
          <button
            type="button"
            className="pos-line__action"
            aria-label={`Discount ${line.name}`}
            disabled={props.disabled}
            onClick={() => props.onDiscount?.(line)}
          >
            Discount
          </button>
        )}
        {line.sent && props.onVoid && (
          <button
            type="button"
            className="pos-line__action pos-line__action--remove"
            aria-label={`Void ${line.name}`}
            disabled={props.disabled}
            onClick={() => props.onVoid?.(line)}
          >
            Void
          </button>
        )}
      </div>
    </li>
  );
}
