import { describe, expect, it } from 'vitest';
import { keptSearch } from './api';

describe('the display options kept from page to page', () => {
  it('keeps refresh and dwell, and drops everything else (the handoff code)', () => {
    expect(keptSearch('?refresh=5&dwell=8&code=secret')).toBe('?refresh=5&dwell=8');
    expect(keptSearch('?code=secret')).toBe('');
  });
});
