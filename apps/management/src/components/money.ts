import { useMemo } from 'react';
import { useRestaurantRecord } from '../screens/restaurant/queries';

export type MoneyFormat = (amount: number) => string;

/** Plain amounts with two decimals: what is shown until the restaurant's currency is known. */
export const plainMoney: MoneyFormat = (amount) => amount.toFixed(2);

/** Amounts in a currency ("$14.00", "14,00 €"), in the browser's locale; a bad code falls back to plain. */
export function moneyFormat(currency: string | undefined): MoneyFormat {
  if (!currency) return plainMoney;
  try {
    const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    return (amount) => format.format(amount);
  } catch {
    return plainMoney;
  }
}

/** The current restaurant's currency (settings.currency) as a formatter for prices in lists. */
export function useMoney(): MoneyFormat {
  const currency = useRestaurantRecord().data?.settings.currency;
  return useMemo(() => moneyFormat(currency), [currency]);
}
