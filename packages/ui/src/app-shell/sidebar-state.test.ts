import { describe, expect, it } from 'vitest';
import { readSidebarCookie, SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE_S } from './sidebar-state';

describe('sidebar cookie', () => {
  it('is named sidebar_state and lives 7 days', () => {
    expect(SIDEBAR_COOKIE).toBe('sidebar_state');
    expect(SIDEBAR_COOKIE_MAX_AGE_S).toBe(604_800);
  });

  it('reads collapsed only from an explicit false; expanded by default', () => {
    expect(readSidebarCookie('theme=x; sidebar_state=false')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true; other=1')).toBe(true);
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('my_sidebar_state=false')).toBe(true);
  });
});
