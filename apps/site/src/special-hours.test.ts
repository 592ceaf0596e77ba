import { effectiveSiteConfiguration } from '@brigade/domain/effective-site-config';
import { closureOn } from '@brigade/domain/hours/opening-state';
import { DEFAULT_OPERATING_HOURS } from '@brigade/domain/hours/weekly';
import { restaurantSchema } from '@brigade/domain/restaurant';
import { defaultSiteConfiguration, type SiteConfiguration } from '@brigade/domain/site-config';
import { tenantSchema } from '@brigade/domain/tenant';
import { describe, expect, it } from 'vitest';
import { groupedHours, openingHoursSpecification } from './format';
import { siteLinks } from './links';
import type { SiteData } from './load';
import { renderChooser, renderHome } from './render';
import { formatShortDate, specialOpeningHoursSpecification, upcomingSpecialRows } from './special-hours';

const TODAY = '2026-11-26'; // a Thursday
const siteConfig = {
  ...defaultSiteConfiguration(),
  lastModified: new Date(0),
  lastModifiedBy: 'system',
  version: 1,
} as SiteConfiguration;

const restaurant = restaurantSchema.parse({
  restaurantId: 20000009,
  guid: '3f0e8a52-1c1d-4c55-9d7e-7f0b1c2d3e4f',
  slug: 'test-kitchen',
  tenantId: 10000009,
  name: 'Test Kitchen',
  address: { street: '1 Main St', city: 'Springfield', state: 'OR', zipCode: '97477' },
  contact: { phone: '+1 541 555 0100', email: 'hi@test.example' },
  operatingHours: {
    ...DEFAULT_OPERATING_HOURS,
    wednesday: {
      open: '11:30',
      close: '22:00',
      spans: [
        { open: '11:30', close: '14:30' },
        { open: '17:30', close: '22:00' },
      ],
    },
  },
  specialHours: [
    { date: '2026-11-20', closed: true, label: 'Long gone' },
    { date: TODAY, closed: true, label: 'Thanksgiving' },
    { date: '2026-12-24', spans: [{ open: '10:00', close: '15:00' }], label: 'Christmas Eve' },
    { date: '2027-01-01', closed: true, label: "New Year's Day" },
  ],
  websiteConfig: { ordering: { enabled: true, provider: 'internal', buttonText: 'Order Online' } },
  createdAt: new Date(),
  updatedAt: new Date(),
});
const tenant = tenantSchema.parse({
  tenantId: 10000009,
  guid: '4a1f9b63-2d2e-4d66-8e8f-8a1c2d3e4f50',
  name: 'test',
  displayName: 'Test',
  createdAt: new Date(),
  updatedAt: new Date(),
});
const data = (today: string): SiteData => ({
  tenant,
  restaurant,
  siteConfig,
  effective: effectiveSiteConfiguration(siteConfig, restaurant),
  timezone: 'UTC',
  currency: 'USD',
  menus: [],
  listedMenus: [],
  now: new Date(`${today}T12:00:00Z`),
  today,
  closure: closureOn(restaurant, today),
  soldOut: new Set(),
});
const links = siteLinks('https://test.example', '', '');

describe('hours on the public site', () => {
  it('lists several spans a day', () => {
    expect(groupedHours(restaurant.operatingHours)[1]).toEqual({
      days: 'Wednesday',
      hours: '11:30 AM – 2:30 PM, 5:30 PM – 10:00 PM',
    });
  });

  it('lists the special dates of the next 30 days, closed ones as Closed', () => {
    expect(formatShortDate(TODAY)).toBe('Thu 26 Nov');
    expect(upcomingSpecialRows(restaurant, TODAY)).toEqual([
      { day: 'Thu 26 Nov — Thanksgiving', hours: 'Closed' },
      { day: 'Thu 24 Dec — Christmas Eve', hours: '10:00 AM – 3:00 PM' },
    ]);
  });

  it('gives JSON-LD an entry per span and special dates from today, closed as 00:00-00:00', () => {
    const weekly = openingHoursSpecification(restaurant.operatingHours);
    expect(weekly.filter((spec) => spec.dayOfWeek === 'https://schema.org/Wednesday')).toHaveLength(2);
    expect(specialOpeningHoursSpecification(restaurant, TODAY)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: TODAY,
        validThrough: TODAY,
        opens: '00:00',
        closes: '00:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2026-12-24',
        validThrough: '2026-12-24',
        opens: '10:00',
        closes: '15:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2027-01-01',
        validThrough: '2027-01-01',
        opens: '00:00',
        closes: '00:00',
      },
    ]);
  });

  it('on a closed date, says so on every page and offers no ordering', () => {
    const home = renderHome({ data: data(TODAY), links, seoConfig: null }, null);
    expect(home).toContain('Closed today — Thanksgiving');
    expect(home).not.toContain('Order Online');
    expect(home).toContain('"specialOpeningHoursSpecification"');
    const chooser = renderChooser({ data: data(TODAY), links, seoConfig: null });
    expect(chooser).toContain('<h1>Closed today — Thanksgiving</h1>');
    expect(chooser).not.toContain('No Menus Available');
  });

  it('the day after, ordering is back and the notice gone', () => {
    const home = renderHome({ data: data('2026-11-27'), links, seoConfig: null }, null);
    expect(home).not.toContain('Closed today');
    expect(home).toContain('Order Online');
  });
});
