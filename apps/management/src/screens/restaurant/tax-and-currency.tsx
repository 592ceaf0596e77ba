import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { Link } from 'react-router';
import { type TaxRateRecord, useTaxRates } from '../../catalogue-kit/catalogue-api';

/** A tax rate as people read it: "Sales tax 8.25%". */
export const taxRateLabel = (rate: Pick<TaxRateRecord, 'name' | 'rate' | 'type'>) =>
  `${rate.name} ${rate.rate}${rate.type === 'Percent' ? '%' : ''}`;

/** The tax rates new items start with: the restaurant's default ones that are switched on. */
export const defaultTaxRates = (rates: readonly TaxRateRecord[]) =>
  rates.filter((rate) => rate.default && !rate.disabled);

/**
 * Taxes have one home, the Tax rates screen: the default rates there are what new items start with. The
 * profile shows them and leads there (the restaurant's old single tax-rate setting is no longer edited).
 */
export function DefaultTaxRates() {
  const taxRates = useTaxRates();
  const defaults = defaultTaxRates(taxRates.data ?? []);
  return (
    <div className="ui-field">
      <span className="ui-field__label">Default tax rates</span>
      <p className="ui-small" data-testid="default-tax-rates">
        {taxRates.isPending
          ? 'Loading…'
          : defaults.length > 0
            ? `New items get ${defaults.map(taxRateLabel).join(' and ')}.`
            : 'None: new items start without tax. Mark a rate as default under Tax rates.'}{' '}
        <Link to="/tax-rates">Manage tax rates</Link>
      </p>
    </div>
  );
}

const currencyName = (() => {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    return (code: string) => names.of(code) ?? code;
  } catch {
    return (code: string) => code;
  }
})();

/** ISO 4217 codes the browser knows, with their names; the common ones first. */
function currencyOptions(current: string | undefined) {
  const known: string[] =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['USD', 'CAD', 'EUR'];
  const first = ['USD', 'CAD', 'EUR', 'GBP', 'MXN', 'AUD'];
  const codes = [...new Set([...first, ...known, ...(current ? [current] : [])])];
  return codes.map((code) => ({ value: code, label: `${code} · ${currencyName(code)}` }));
}

export function CurrencyField({ current }: { current: string | undefined }) {
  return <SelectField name="settings.currency" label="Currency" options={currencyOptions(current)} />;
}
