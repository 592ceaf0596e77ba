import { z } from 'zod';

/**
 * Updates of catalogue entities are merge patches (RFC 7396
 * semantics): an omitted field stays as stored, a sent field replaces the stored value (lists and nested
 * objects whole), and `null` clears a field that the stored entity may lack (decision 008). Fields the stored
 * entity always has (name, flags, defaults) cannot be cleared: null there fails with the field's own message.
 */

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** True when the stored entity may lack the field: it parses `undefined` to `undefined` (no default). */
const isClearable = (field: z.ZodType): boolean => {
  const result = field.safeParse(undefined);
  return result.success && result.data === undefined;
};

/**
 * The body schema of an update: the domain's update schema with `null` accepted on every clearable field.
 * The update schema's own cross-field rules are not carried over: the use-case validates the merged record
 * with the stored schema, which applies every rule to the whole entity (same messages, same paths).
 */
export function mergePatchSchema(
  update: AnyObject,
  stored: AnyObject,
  options: { strict?: boolean } = {},
): AnyObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(update.shape)) {
    const storedField = stored.shape[key] as z.ZodType | undefined;
    const patchField = field as z.ZodType;
    shape[key] = storedField && isClearable(storedField) ? patchField.nullable() : patchField;
  }
  return options.strict ? z.strictObject(shape) : z.object(shape);
}

/** Applies a validated merge patch: sent fields replace, null removes, omitted fields stay. */
export function applyMergePatch<T extends Record<string, unknown>>(
  stored: T,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
