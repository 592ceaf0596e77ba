/*
 * Value conversions of the catalogue editors' form values into request bodies (item-form.ts and the like).
 */

/** A number field's value: '' (or not a number) is "not set"; "1,5" reads as 1.5. */
export const optionalNumber = (value: unknown): number | undefined => {
  if (value === '' || value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const parsed = Number(String(value).trim().replace(',', '.'));
  return Number.isNaN(parsed) ? Number.NaN : parsed;
};

/** '' is "not set" for optional text. */
export const optionalText = (value: string | null | undefined): string | undefined =>
  value === undefined || value === null || value.trim() === '' ? undefined : value;

/** The object without its undefined entries (a list row of a request body). */
export const withoutUndefined = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Formats a price for lists (the restaurant's currency is not part of this data). */
export const formatPrice = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : value.toFixed(2);
