import { type ReactNode, useId, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../components/button';
import { FilterIcon } from '../components/icons';
import { Form } from './form';

/**
 * The filters above a list (the audit log, the payments transactions): the fields (`children`, reading the
 * form from context) in a grid, "Apply filters", and "Clear filters" once any is set. Applying puts them
 * wherever the screen keeps them (the URL). Where the bar is narrow (56rem or less: a phone, or a tablet
 * beside the sidebar) the fields fold away behind a "Filters" button that says how many are set.
 */
export function FilterBar<T extends FieldValues, O>({
  form,
  label,
  active,
  onApply,
  onClear,
  className,
  children,
}: {
  form: UseFormReturn<T, unknown, O>;
  /** The form's accessible name, e.g. "Filter the audit log". */
  label: string;
  /** How many filters are set now. */
  active: number;
  onApply: (values: O) => void;
  onClear: () => void;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close =
    <A extends unknown[]>(then: (...args: A) => void) =>
    (...args: A) => {
      setOpen(false);
      then(...args);
    };
  return (
    <div className={className ? `filter-bar ${className}` : 'filter-bar'} data-open={open || undefined}>
      <button
        type="button"
        className="ui-button ui-button--secondary ui-button--sm filter-bar__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <FilterIcon width={16} height={16} />
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </button>
      <div className="filter-bar__panel" id={panelId}>
        <Form form={form} onSubmit={close(onApply)} label={label}>
          <div className="filter-bar__grid">
            {children}
            <div className="filter-bar__actions">
              <Button type="submit">Apply filters</Button>
              {active > 0 && (
                <Button type="button" variant="ghost" onClick={close(onClear)}>
                  Clear filters
                </Button>
              )}
            </div>
          </div>
        </Form>
      </div>
    </div>
  );
}
