import { MAX_AMOUNT_MINOR } from '@brigade/domain/payments/api';
import { z } from 'zod';

const MAX_DOLLARS = MAX_AMOUNT_MINOR / 100;
const wholeCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * An amount typed in dollars (the API takes cents): the API's limits and messages, and at most two
 * decimals. `min` 0.01 for amounts that must be more than 0.
 */
export const dollars = (label: string, min: 0 | 0.01) =>
  z
    .number({ error: `${label} is required` })
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be more than 0`)
    .max(MAX_DOLLARS, `${label} cannot exceed 999,999,999.99`)
    .refine(wholeCents, `${label} can have at most two decimals`);
