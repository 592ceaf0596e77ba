import { describe, expect, it } from 'vitest';
import { cartReducer, emptyCart, itemCount, missingFor, orderOf } from './cart';

const burger = { itemId: 1, quantity: 1, modifiers: [{ modifierGroupId: 3, modifierId: 1, quantity: 1 }] };

describe('the kiosk cart', () => {
  it('adds the same item with the same choices to one line, and others to their own', () => {
    let cart = cartReducer(emptyCart(), { type: 'add', line: burger });
    cart = cartReducer(cart, { type: 'add', line: { ...burger, quantity: 2 } });
    expect(cart.lines.map((l) => l.quantity)).toEqual([3]);
    cart = cartReducer(cart, { type: 'add', line: { ...burger, modifiers: [] } });
    expect(cart.lines.map((l) => l.quantity)).toEqual([3, 1]);
    expect(itemCount(cart)).toBe(4);
    cart = cartReducer(cart, { type: 'quantity', key: cart.lines[0]!.key, quantity: 0 });
    expect(cart.lines[0]!.quantity).toBe(1);
    cart = cartReducer(cart, { type: 'remove', key: cart.lines[1]!.key });
    expect(cart.lines).toHaveLength(1);
  });

  it('asks for a service, then a name or a table tent, before the order can be placed', () => {
    let cart = cartReducer(emptyCart(), { type: 'add', line: burger });
    expect(missingFor(cart)).toBe('Choose dine in or takeout');
    cart = cartReducer(cart, { type: 'service', service: 'dine_in' });
    expect(missingFor(cart)).toBe('Give your name or a table tent number');
    cart = cartReducer(cart, { type: 'tent', tent: '1a2' });
    expect(cart.tent).toBe('12');
    expect(missingFor(cart)).toBeNull();
    expect(orderOf(cart)).toEqual({
      service: 'dine_in',
      lines: [{ itemId: 1, quantity: 1, modifiers: burger.modifiers }],
      tableTent: 12,
      payment: 'counter',
    });
    cart = cartReducer(cart, { type: 'tent', tent: '0' });
    expect(missingFor(cart)).toBe('Table tent must be a number from 1 to 999');
  });

  it('starts over with a new key, so the next guest never replays the last order', () => {
    const cart = cartReducer(emptyCart(), { type: 'add', line: burger });
    const next = cartReducer(cart, { type: 'clear' });
    expect(next.lines).toEqual([]);
    expect(next.orderKey).not.toBe(cart.orderKey);
  });
});
