import { describe, expect, it } from 'vitest';
import { safeText, withTextRuleApplied } from './gateway-text';

/**
 * A gateway's text made safe to store (decision 016): a card number echoed back is masked; a processor's
 * reference that happens to hold a long run of digits is kept whole (a second provider's `pi_…` reference was
 * stored masked, and every later call on that payment would have named a reference nobody knows).
 */
describe('a gateway text made safe to store', () => {
  it('masks a card number standing alone, keeping its last four', () => {
    expect(withTextRuleApplied('Declined 4111111111111111 try again')).toBe(
      'Declined ************1111 try again',
    );
    expect(withTextRuleApplied('378282246310005')).toBe('***********0005');
  });

  it('keeps digits that are no card number: a reference, a run failing Luhn', () => {
    expect(withTextRuleApplied('pi_70e8933735697183698c559f')).toBe('pi_70e8933735697183698c559f');
    expect(withTextRuleApplied('ref 4111111111111112')).toBe('ref 4111111111111112');
    expect(withTextRuleApplied('ABC4111111111111111')).toBe('ABC4111111111111111');
  });

  it('drops control characters, cuts at 200 code points, and gives null for nothing', () => {
    expect(withTextRuleApplied('Approval\u0000\u001b')).toBe('Approval');
    expect(withTextRuleApplied('x'.repeat(250))).toHaveLength(200);
    expect(safeText('')).toBeNull();
    expect(safeText(undefined)).toBeNull();
  });
});
