import { RESTAURANT_STATUSES } from '@brigade/domain/restaurant';
import { SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { NumberField, TextField } from '@brigade/ui/app-kit/form-fields';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { HoursSection } from './hours-fields';
import type { RestaurantRecord } from './queries';
import {
  changedFields,
  type RestaurantFormOutput,
  restaurantFormSchema,
  restaurantToForm,
} from './restaurant-form';
import './restaurant.css';
import { RestaurantRecordGate, SettingsForm, useSettingsForm } from './settings-form';
import { SpecialHoursSection } from './special-hours-fields';
import { CurrencyField, DefaultTaxRates } from './tax-and-currency';

/** The restaurant's own record: profile, address, contact, opening hours and settings. */
export default function RestaurantScreen() {
  return (
    <>
      <PageHeader
        title="Restaurant"
        description="Profile, address, contact details, opening hours, special hours and settings of this location."
      />
      <RestaurantRecordGate what="restaurant">
        {(restaurant) => <RestaurantForm restaurant={restaurant} />}
      </RestaurantRecordGate>
    </>
  );
}

const STATUS_OPTIONS = RESTAURANT_STATUSES.map((value) => ({
  value,
  label: value === 'active' ? 'Active' : 'Inactive',
}));

function RestaurantForm({ restaurant }: { restaurant: RestaurantRecord }) {
  const { canEdit, update, toast, original, form, formError, setFormError } = useSettingsForm(
    restaurantFormSchema,
    () => restaurantToForm(restaurant),
  );

  const onSubmit = async (values: RestaurantFormOutput) => {
    setFormError(null);
    const patch = changedFields(values, original);
    if (Object.keys(patch).length === 0) {
      toast.success('No changes to save');
      return;
    }
    try {
      await update.mutateAsync(patch);
      toast.success('Restaurant saved');
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };

  return (
    <SettingsForm
      form={form}
      original={original}
      onSubmit={onSubmit}
      canEdit={canEdit}
      readOnlyNote="Only owners and admins of the organization can change these details."
      formError={formError}
      saveLabel="Save restaurant"
    >
      <ProfileSection />
      <AddressSection />
      <ContactSection />
      <HoursSection />
      <SpecialHoursSection />
      <SettingsSection />
    </SettingsForm>
  );
}

function ProfileSection() {
  return (
    <FormSection title="Profile">
      <FormRow>
        <TextField name="name" label="Restaurant name" autoComplete="organization" />
        <TextField name="concept" label="Concept" hint="Bistro, Pizzeria, Ramen bar..." />
      </FormRow>
      <FormRow>
        <TextField name="slug" label="Slug" hint="The address of the public site: /{slug}" />
        <SelectField name="status" label="Status" options={STATUS_OPTIONS} />
      </FormRow>
    </FormSection>
  );
}

function AddressSection() {
  return (
    <FormSection title="Address">
      <TextField name="address.street" label="Street" autoComplete="street-address" />
      <FormRow>
        <TextField name="address.city" label="City" autoComplete="address-level2" />
        <TextField name="address.state" label="State" autoComplete="address-level1" />
        <TextField name="address.zipCode" label="ZIP code" autoComplete="postal-code" />
        <TextField name="address.country" label="Country" autoComplete="country" />
      </FormRow>
    </FormSection>
  );
}

function ContactSection() {
  return (
    <FormSection title="Contact">
      <FormRow>
        <TextField name="contact.phone" label="Phone" type="tel" autoComplete="tel" />
        <TextField name="contact.email" label="Email" type="email" autoComplete="email" />
      </FormRow>
      <TextField name="contact.website" label="Website" type="url" placeholder="https://" />
    </FormSection>
  );
}

function SettingsSection() {
  const currency = useFieldValue<string>('settings.currency');
  return (
    <FormSection title="Settings">
      <FormRow>
        <DefaultTaxRates />
        <NumberField name="settings.serviceCharge" label="Service charge" min={0} max={100} step="any" />
        <CurrencyField current={currency} />
      </FormRow>
      <FormRow>
        <SwitchField name="settings.allowTips" label="Allow tips" />
        <SwitchField name="settings.autoAcceptOrders" label="Accept orders automatically" />
      </FormRow>
    </FormSection>
  );
}
