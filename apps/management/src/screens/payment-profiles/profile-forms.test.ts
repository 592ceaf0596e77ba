import { describe, expect, it } from 'vitest';
import { authoriseBodyOf, storedCardOf } from '../payment-terminal/terminal-form-schema';
import { accountBodyOf } from './add-account-dialog';
import { editDefaultsOf, updateBodyOf } from './edit-profile-dialog';

const card = { kind: 'token' as const, token: '9418594164541111', expiry: '1230' };

describe('stored profile forms', () => {
  const detail = {
    profileId: '12345678901234567890',
    acctId: '1',
    merchid: '496160873888',
    name: 'Ada',
    lastFour: '1111',
    cardBrand: 'visa',
    expiry: '1230',
    isDefault: true,
    createdBy: 'u',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    gateway: {
      name: 'Ada Lovelace',
      expiry: '1230',
      postal: '55555',
      email: null,
      phone: null,
      accountType: 'VISA',
      defaultAccount: false,
    },
  };

  it('edit: starts from what the gateway holds and sends only what changed (null when nothing did)', () => {
    const before = editDefaultsOf(detail);
    expect(before).toEqual({
      name: 'Ada Lovelace',
      expiry: '1230',
      postal: '55555',
      email: '',
      phone: '',
      defaultAccount: false,
    });
    expect(updateBodyOf({ ...before, email: undefined, phone: undefined }, before)).toBeNull();
    expect(updateBodyOf({ ...before, name: 'Ada King', email: 'a@b.co', phone: undefined }, before)).toEqual({
      name: 'Ada King',
      email: 'a@b.co',
    });
    expect(
      updateBodyOf({ ...before, email: undefined, phone: undefined, defaultAccount: true }, before),
    ).toEqual({ defaultAccount: true });
  });

  it('add card: the token and expiry of the frame, filled fields only, default only when asked', () => {
    expect(accountBodyOf({ name: undefined, defaultAccount: false }, card)).toEqual({
      token: card.token,
      expiry: '1230',
    });
    expect(accountBodyOf({ name: 'Ada', postal: '55555', defaultAccount: true }, card)).toEqual({
      token: card.token,
      expiry: '1230',
      name: 'Ada',
      postal: '55555',
      defaultAccount: true,
    });
  });

  it('terminal: a stored card is sent as a profile, never with a token', () => {
    const values = { amount: 12.5, mode: 'sale' as const, source: 'profile' as const };
    expect(storedCardOf({ ...values, storedCard: undefined })).toBeNull();
    expect(storedCardOf({ ...values, source: 'card', storedCard: '12345678901234567890/2' })).toBeNull();
    const stored = storedCardOf({ ...values, storedCard: '12345678901234567890/2' });
    expect(stored).toEqual({ profileId: '12345678901234567890', acctId: '2' });
    expect(authoriseBodyOf(values, stored!)).toEqual({
      amount: 1250,
      capture: true,
      profile: { profileId: '12345678901234567890', acctId: '2' },
    });
    expect(authoriseBodyOf(values, card)).toEqual({
      amount: 1250,
      capture: true,
      token: card.token,
      expiry: '1230',
    });
  });
});
