/*
 * Value conversions for forms over react-hook-form's own `register` (the catalogue editors).
 */

/** For `register(name, { setValueAs })` on number inputs: '' (or not a number) is "not set". */
export const optionalNumber = (value: unknown): number | undefined => {
  if (value === '' || value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const parsed = Number(String(value).trim().replace(',', '.'));
  return Number.isNaN(parsed) ? Number.NaN : parsed;
};

/** '' is "not set" for optional text. */
export const optionalText = (value: string | null | undefined): string | undefined =>
  value === undefined || value === null || value.trim() === '' ? undefined : value;

/** Formats a price for lists (the restaurant's currency is not part of this data). */
export const formatPrice = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : value.toFixed(2);
