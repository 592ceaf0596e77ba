import { roleAtLeast } from '@brigade/domain/access';
import {
  NEXT_STATUSES,
  type OrderStatus,
  type RestaurantOrderStatus,
  STATUS_LABELS,
} from '@brigade/domain/ordering/order-status';
import { Badge, type BadgeTone } from '@brigade/ui/app-kit/badge';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useId, useState } from 'react';
import { useCurrentRestaurant } from '../../restaurant-context';
import { RefundControl } from './order-refund';
import { type MoveBody, type Order, useMoveOrder } from './orders-api';

/** Ready-time choices when accepting an order (minutes from now). */
export const READY_IN_CHOICES = [5, 10, 15, 20, 30, 45, 60] as const;

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  accepted: 'Accept',
  in_preparation: 'Start preparing',
  ready: 'Mark ready',
  completed: 'Mark picked up',
  cancelled: 'Cancel order',
  refunded: 'Refund',
};

const TONES: Partial<Record<OrderStatus, BadgeTone>> = {
  new: 'danger',
  accepted: 'info',
  in_preparation: 'warning',
  ready: 'success',
  completed: 'brand',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

const RETURNS_MONEY: readonly OrderStatus[] = ['cancelled', 'refunded'];

/** Managers and above give money back (cancel, refund); the server decides too and says so (403). */
function useMayReturnMoney(): boolean {
  const { role, isSiteAdmin } = useCurrentRestaurant();
  return isSiteAdmin || (role !== null && roleAtLeast(role, 'manager'));
}

/**
 * The moves an order's status allows (the domain's NEXT_STATUSES): accept with a ready time, the next
 * kitchen steps, and cancel or refund behind a confirmation for managers and above.
 */
export function OrderActions({ order, compact = false }: { order: Order; compact?: boolean }) {
  const move = useMoveOrder(order.orderId);
  const toast = useToast();
  const mayReturn = useMayReturnMoney();
  const [confirming, setConfirming] = useState<RestaurantOrderStatus | null>(null);
  // Staff moves never lead to the guest-only statuses (placing, payment_failed).
  const next = NEXT_STATUSES[order.status] as readonly RestaurantOrderStatus[];
  const forward = next.filter((status) => !RETURNS_MONEY.includes(status) && status !== 'accepted');
  // a register sale's cash goes back by voiding it at a register (docs/behaviour/pos.md#voiding-a-sale)
  const back =
    mayReturn && order.channel === 'online' ? next.filter((status) => RETURNS_MONEY.includes(status)) : [];
  const run = async (body: MoveBody) => {
    try {
      await move.mutateAsync(body);
      toast.success(`Order #${order.number}: ${STATUS_LABELS[body.status].toLowerCase()}`);
      setConfirming(null);
    } catch (error) {
      if (!RETURNS_MONEY.includes(body.status))
        toast.error(errorMessageOf(error, 'Could not move the order'));
    }
  };
  const size = compact ? 'sm' : 'md';
  return (
    <div className="ord-actions">
      {next.includes('accepted') && (
        <AcceptControl order={order} pending={move.isPending} onAccept={run} size={size} />
      )}
      {forward.map((status, index) => (
        <Button
          key={status}
          size={size}
          variant={index === 0 ? 'primary' : 'secondary'}
          disabled={move.isPending}
          onClick={() => void run({ status })}
        >
          {MOVE_LABELS[status]}
        </Button>
      ))}
      {back.map((status) => (
        <Button key={status} size={size} variant="ghost" onClick={() => setConfirming(status)}>
          {MOVE_LABELS[status]}
        </Button>
      ))}
      {mayReturn && !compact && order.channel === 'online' && <RefundControl order={order} />}
      {confirming && (
        <ConfirmDialog
          open
          title={`${MOVE_LABELS[confirming]} #${order.number}?`}
          message={
            confirming === 'cancelled'
              ? 'The guest’s payment is voided or refunded and the order leaves the kitchen.'
              : 'The guest’s payment is refunded in full.'
          }
          confirmLabel={MOVE_LABELS[confirming]}
          pendingLabel="Working..."
          pending={move.isPending}
          error={move.isError ? errorMessageOf(move.error, 'Could not move the order') : null}
          onConfirm={() => void run({ status: confirming })}
          onCancel={() => {
            move.reset();
            setConfirming(null);
          }}
        />
      )}
    </div>
  );
}

function AcceptControl({
  order,
  pending,
  onAccept,
  size,
}: {
  order: Order;
  pending: boolean;
  onAccept: (body: MoveBody) => Promise<void>;
  size: 'sm' | 'md';
}) {
  const id = useId();
  const [minutes, setMinutes] = useState<number>(15);
  return (
    <div className="ord-accept">
      <label className="ord-accept__label" htmlFor={id}>
        Ready in
      </label>
      <select
        id={id}
        className="ui-field__input ord-accept__select"
        value={minutes}
        onChange={(event) => setMinutes(Number(event.target.value))}
      >
        {READY_IN_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice} min
          </option>
        ))}
      </select>
      <Button
        size={size}
        loading={pending}
        loadingText="Accepting..."
        onClick={() => void onAccept({ status: 'accepted', readyInMinutes: minutes })}
        aria-label={`Accept order #${order.number}, ready in ${minutes} minutes`}
      >
        Accept
      </Button>
    </div>
  );
}
