import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * Empty text inputs mean "not given": '' becomes undefined before validation, so an optional email or
 * number accepts a blank box and a required text reports the schema's own "cannot be empty" message.
 * Arrays keep their entries (a list of ids never holds '').
 */
export function blankToUndefined(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return value.map(blankToUndefined);
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof File)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, blankToUndefined(inner)]));
  }
  if (typeof value === 'number' && Number.isNaN(value)) return undefined;
  return value;
}

/**
 * react-hook-form validated by a zod schema from packages/domain (or a contract's request body): the same
 * schema the server applies, so the messages are the server's. Errors show once a field is left (onTouched)
 * and then as you type. `handleSubmit` hands over the schema's OUTPUT (defaults applied).
 *
 *   const form = useZodForm(createTaxRateInputSchema, { defaultValues: { name: '', rate: 0 } });
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  const inner = zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = (values, context, resolverOptions) =>
    inner(blankToUndefined(values) as z.input<S>, context, resolverOptions);
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver });
}

/**
 * A resolver that validates with a zod schema (the server's, behind a normalising preprocess) and, when
 * valid, hands the form's own values to the submit handler (not the parsed output).
 */
function zodFormResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  const inner = zodResolver(
    schema as unknown as z.ZodType<FieldValues, FieldValues>,
  ) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const result = await inner(values, context, options);
    return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
  };
}

/**
 * A form over its own values (text boxes as strings, list rows as objects) whose schema normalises them
 * first: the catalogue editors, whose schema is `z.preprocess(normalise, serverSchema)`. The submit handler
 * gets the form's values, not the schema's output, and builds its request from them and the stored record
 * (a merge patch of what changed). Errors show after the first submit, then as you type.
 *
 *   const form = useNormalisedForm<ItemFormValues>(itemFormSchema, itemFormValues(item));
 */
export function useNormalisedForm<T extends FieldValues>(schema: z.ZodType, defaultValues: DefaultValues<T>) {
  return useForm<T>({ resolver: zodFormResolver<T>(schema), defaultValues });
}
