/**
 * An IANA zone (Etc/GMT±n) where the local time is now between 11:30 and 12:30. Tests of things that go by
 * a restaurant's date (today's orders, an ASAP pickup) set the tenant's clock to it, so a run a few minutes
 * before the restaurant's midnight does not find its order on tomorrow's list.
 */
export function noonZone(now = new Date()): string {
  const hours = now.getUTCHours() + now.getUTCMinutes() / 60;
  const offset = Math.round(12 - hours); // -11 .. +12
  // Etc/GMT names count the other way round: Etc/GMT-5 is UTC+5.
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
