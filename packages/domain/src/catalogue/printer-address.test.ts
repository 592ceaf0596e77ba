import { describe, expect, it } from 'vitest';
import { printerAddressProblem, specialAddressOf } from './printer-address';

describe('printer addresses', () => {
  it('knows the special-use blocks', () => {
    expect(specialAddressOf('0.0.0.0')).toBe('unspecified');
    expect(specialAddressOf('127.0.0.1')).toBe('loopback');
    expect(specialAddressOf('169.254.169.254')).toBe('link-local');
    expect(specialAddressOf('239.255.255.250')).toBe('multicast');
    expect(specialAddressOf('255.255.255.255')).toBe('reserved');
    for (const lan of ['10.0.0.5', '172.16.0.9', '192.168.1.50', '8.8.8.8'])
      expect(specialAddressOf(lan)).toBeNull();
  });

  it('leaves loopback to the server (the development switch may allow it) and refuses the rest', () => {
    expect(printerAddressProblem('127.0.0.1')).toBeNull();
    expect(printerAddressProblem('169.254.169.254')).toBe(
      'IP address cannot be a link-local address (169.254.0.0/16)',
    );
    expect(printerAddressProblem('192.168.1.50')).toBeNull();
    expect(printerAddressProblem('not an address')).toBeNull();
  });
});
