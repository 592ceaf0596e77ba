/** @jsxImportSource preact */
import type { QuoteData } from './api';
import { money } from './money';

/** An order's totals as the server computed them: subtotal, each tax, service charge, tip, total. */
export function TotalsList({ totals, currency }: { totals: QuoteData['totals']; currency: string }) {
  const $ = (cents: number) => money(cents, currency);
  const rows: [string, number][] = [
    ['Subtotal', totals.subtotal],
    ...totals.taxes.filter((x) => x.amount > 0).map((x): [string, number] => [x.name, x.amount]),
    ...(totals.serviceCharge > 0 ? [['Service charge', totals.serviceCharge] as [string, number]] : []),
    ...(totals.tip > 0 ? [['Tip', totals.tip] as [string, number]] : []),
  ];
  return (
    <dl class="bo-totals">
      {rows.map(([label, amount]) => (
        <div key={label} class="bo-row">
          <dt>{label}</dt>
          <dd>{$(amount)}</dd>
        </div>
      ))}
      <div class="bo-row bo-total">
        <dt>Total</dt>
        <dd>{$(totals.total)}</dd>
      </div>
      {totals.includedTax > 0 ? <p class="bo-hint">Includes {$(totals.includedTax)} tax in prices</p> : null}
    </dl>
  );
}
