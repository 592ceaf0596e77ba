import { BIN_PRODUCTS, type BinProduct } from './constants';

/**
 * What a merchant's settings and look-up answers allow: surcharges, zero-dollar authorisations, the fee
 * configuration, and what a card's BIN product is (docs/behaviour/payments.md#merchant).
 */

/** A surcharge may be added only to a credit card (token CREDIT) where the postal code allows it. */
export const isSurchargeApplicable = (answer: { token?: string; postal?: string }): boolean =>
  answer.token === 'CREDIT' && answer.postal === 'NOT_RESTRICTED';

export const MERCHANT_FEATURE_NAMES = {
  avs: 'Address verification',
  cvv: 'Card verification code',
  echeck: 'eCheck/ACH',
} as const;
export type MerchantFeature = keyof typeof MERCHANT_FEATURE_NAMES;

/** The features a merchant has switched on (Y): address verification, card verification code, eCheck/ACH. */
export const merchantFeatures = (merchant: {
  avs?: string;
  cvv?: string;
  echeck?: string;
}): MerchantFeature[] =>
  (Object.keys(MERCHANT_FEATURE_NAMES) as MerchantFeature[]).filter((feature) => merchant[feature] === 'Y');

/** A zero-dollar authorisation (account verification) needs the merchant to run AVS or CVV checks. */
export const canZeroDollarAuthorise = (merchant: { avs?: string; cvv?: string }): boolean =>
  merchant.avs === 'Y' || merchant.cvv === 'Y';

/**
 * A fee configuration is valid when there is no fee (no fee type, or type N) or when both its format and
 * its value are given.
 */
export function isFeeConfigurationValid(merchant: {
  fee_type?: string;
  fee_format?: string;
  fee_value?: string;
}): boolean {
  if (!merchant.fee_type || merchant.fee_type === 'N') return true;
  return !!merchant.fee_format && !!merchant.fee_value;
}

export const BIN_PRODUCT_NAMES: Readonly<Record<BinProduct, string>> = {
  A: 'American Express',
  D: 'Discover',
  M: 'Mastercard',
  V: 'Visa',
  N: 'Non-co-branded debit',
};

const isBinProduct = (product: string | undefined): product is BinProduct =>
  (BIN_PRODUCTS as readonly string[]).includes(product ?? '');

/** The card product's name, or undefined for a code that is not one of A, D, M, N, V. */
export const binProductName = (product: string | undefined): string | undefined =>
  isBinProduct(product) ? BIN_PRODUCT_NAMES[product] : undefined;

/** Visa and Mastercard answer a BIN look-up in full; American Express, Discover and debit (N) in part. */
export function binInformationLevel(product: string | undefined): 'full' | 'limited' | 'unknown' {
  if (product === 'V' || product === 'M') return 'full';
  return isBinProduct(product) ? 'limited' : 'unknown';
}
