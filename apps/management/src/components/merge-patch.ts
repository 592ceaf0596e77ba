/*
 * Merge patches (decision 008) from an edit form: a sent field replaces the stored value, null clears it,
 * a field left out stays as it is.
 */

/**
 * A merge patch from an edit form: the form's values, plus null for every optional field the record had
 * and the form left blank (undefined would mean "unchanged", so a cleared field would never clear).
 */
export function toMergePatch(
  values: Record<string, unknown>,
  original: Record<string, unknown> | undefined,
  editable: readonly string[],
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of editable) {
    const value = values[key];
    if (value !== undefined) patch[key] = value;
    else if (original && original[key] !== undefined && original[key] !== null) patch[key] = null;
  }
  return patch;
}

/**
 * toMergePatch with only what changed: fields equal to the stored value are left out, and so is a blank
 * field the record had as '' (nothing to clear). With no original (a create), the defined values.
 */
export function changedMergePatch(
  values: Record<string, unknown>,
  original: Record<string, unknown> | null | undefined,
  fields: readonly string[],
): Record<string, unknown> {
  const patch = toMergePatch(values, original ?? undefined, fields);
  for (const field of Object.keys(patch)) {
    const before = original?.[field];
    const unchanged =
      values[field] === undefined
        ? before === ''
        : original && JSON.stringify(values[field]) === JSON.stringify(before);
    if (unchanged) delete patch[field];
  }
  return patch;
}
