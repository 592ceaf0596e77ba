import { MENU_PRICING_TYPES, type MenuPricingType } from '@brigade/domain/catalogue/menu-group';
import { WEEKDAY_LABELS, WEEKDAYS } from '@brigade/domain/weekdays';
import { CheckboxField, SelectField } from '@brigade/ui/app-kit/choice-fields';
import { useFieldValue } from '@brigade/ui/app-kit/form';
import { DateField, NumberField, TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { useFormState } from 'react-hook-form';
import { Section } from '../../catalogue-kit/ui';
import { AVAILABILITY_CHANNELS, type GroupFormValues, VISIBILITY_FIELDS } from './group-form';

/* The sections of the menu-group settings dialog, reading the form from context. */

const PRICING_LABELS: Record<MenuPricingType, string> = {
  standard: 'Standard (item prices)',
  fixed: 'Fixed price',
  discount: 'Discount',
  special: 'Special',
};
const PRICING_OPTIONS = MENU_PRICING_TYPES.map((value) => ({ value, label: PRICING_LABELS[value] }));

export function GroupDetailsSection() {
  return (
    <Section title="Details">
      <TextField name="name" label="Name" autoComplete="off" autoFocus />
      <TextareaField name="description" label="Description" rows={2} />
      <TextField name="posName" label="POS name" autoComplete="off" />
      <div className="cat-checks">
        <CheckboxField name="isActive" label="Active" />
        <CheckboxField name="isSpecial" label="Special" />
        <CheckboxField name="isPriority" label="Priority" />
      </div>
    </Section>
  );
}

export function GroupPricingSection() {
  const pricingType = useFieldValue<MenuPricingType>('pricingType');
  return (
    <Section title="Pricing">
      <SelectField name="pricingType" label="Pricing type" options={PRICING_OPTIONS} />
      {pricingType === 'fixed' && <NumberField name="fixedPrice" label="Fixed price" />}
      {pricingType === 'discount' && <NumberField name="discountPercentage" label="Discount percentage" />}
      <div className="cat-grid-2">
        <NumberField name="minRequired" label="Minimum required selections" />
        <NumberField name="maxSelections" label="Maximum selections" />
      </div>
    </Section>
  );
}

export function GroupVisibilitySection() {
  return (
    <Section title="Visibility" description="Where the group is shown.">
      <div className="cat-checks">
        {VISIBILITY_FIELDS.map(([field, label]) => (
          <CheckboxField key={field} name={field} label={label} />
        ))}
      </div>
      <span className="ui-field__label">Available for</span>
      <div className="cat-checks">
        {AVAILABILITY_CHANNELS.map(([field, label]) => (
          <CheckboxField key={field} name={`availability.${field}`} label={label} />
        ))}
      </div>
    </Section>
  );
}

/** When the group is shown: days, a daily time window, a date range and a seasonal window. */
export function GroupAvailabilitySection() {
  const { errors } = useFormState<GroupFormValues>({ name: 'timeRange' });
  const seasonOn = useFieldValue<boolean>('seasonalAvailability.isActive');
  const timeError = errors.timeRange?.startTime ?? errors.timeRange?.endTime;
  return (
    <Section
      title="Availability"
      description="When the group is shown. Leave the times and dates empty for always."
    >
      <span className="ui-field__label">Days of the week</span>
      <div className="cat-checks">
        {WEEKDAYS.map((day) => (
          <CheckboxField key={day} name={`daysOfWeek.${day}`} label={WEEKDAY_LABELS[day]} />
        ))}
      </div>
      <div className="cat-grid-2">
        <TextField name="timeRange.startTime" label="From (HH:MM)" placeholder="11:00" inputMode="numeric" />
        <TextField name="timeRange.endTime" label="Until (HH:MM)" placeholder="15:00" inputMode="numeric" />
      </div>
      {!timeError && <p className="ui-muted ui-small">An end before the start runs past midnight.</p>}
      <div className="cat-grid-2">
        <DateField name="dateRange.startDate" label="Start date" />
        <DateField name="dateRange.endDate" label="End date" />
      </div>
      <CheckboxField name="seasonalAvailability.isActive" label="Seasonal availability" />
      {seasonOn && <SeasonFields />}
    </Section>
  );
}

function SeasonFields() {
  return (
    <>
      <div className="cat-grid-4">
        <NumberField name="seasonalAvailability.startMonth" label="Start month" />
        <NumberField name="seasonalAvailability.startDay" label="Start day" />
        <NumberField name="seasonalAvailability.endMonth" label="End month" />
        <NumberField name="seasonalAvailability.endDay" label="End day" />
      </div>
      <TextField name="seasonalAvailability.displayMessage" label="Seasonal message" />
    </>
  );
}
