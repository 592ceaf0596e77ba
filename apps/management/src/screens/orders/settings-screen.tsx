import { errorMessage } from '@brigade/api-client/problem-error';
import { updateOrderingSettings } from '@brigade/contracts/ordering';
import { RadioGroupField } from '@brigade/ui/app-kit/choice-fields';
import { Form, FormError, FormRow, FormSection } from '@brigade/ui/app-kit/form';
import { NumberField, TextField } from '@brigade/ui/app-kit/form-fields';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { NotAllowed } from '../../payments-kit/ui';
import { useCan } from '../../restaurant-context';
import { type OrderingSettings, useOrderingSettings, useSettingsWrites } from './orders-api';
import { ORDER_PATHS } from './paths';
import { type OrderingFormOutput, orderingFormSchema, orderingFormValues } from './settings-schema';

const TITLE = 'Ordering settings';
const BACK = { to: ORDER_PATHS.orders, label: 'Orders' };
const CAPTURE_CHOICES = [
  { value: 'accept', label: 'When the order is accepted' },
  { value: 'completion', label: 'When the order is picked up' },
] as const;

/** Lead time, scheduling, slot capacity, tip presets and when the card is charged (managers and above). */
export function OrderingSettingsScreen() {
  const allowed = useCan(updateOrderingSettings);
  const settings = useOrderingSettings();
  if (!allowed) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  return (
    <>
      <PageHeader title={TITLE} description="How guests order online from this restaurant." back={BACK} />
      {settings.isPending ? (
        <SkeletonRows count={4} label="Loading the settings" />
      ) : settings.isError ? (
        <ErrorView
          title="Could not load the settings"
          message={errorMessage(settings.error)}
          actions={<Button onClick={() => void settings.refetch()}>Try Again</Button>}
        />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </>
  );
}

function SettingsForm({ settings }: { settings: OrderingSettings }) {
  const [defaults] = useState(() => orderingFormValues(settings));
  const form = useZodForm(orderingFormSchema, { defaultValues: defaults });
  const { update } = useSettingsWrites();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: OrderingFormOutput) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      toast.success('Ordering settings saved');
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };
  return (
    <Form form={form} onSubmit={submit} label={TITLE} className="ui-card ord-settings">
      <FormSection title="Pickup times">
        <FormRow>
          <NumberField
            name="leadTimeMinutes"
            label="Lead time"
            suffix="min"
            min={0}
            step={1}
            hint="The earliest pickup is now plus this."
          />
          <NumberField
            name="schedulingDays"
            label="Scheduling days"
            min={1}
            max={14}
            step={1}
            hint="1 is today only."
          />
          <NumberField
            name="slotCapacity"
            label="Orders per 15-minute slot"
            min={1}
            step={1}
            hint="Blank for no limit."
          />
        </FormRow>
      </FormSection>
      <UnacceptedOrdersSection />
      <FormSection title="Tips and payment">
        <TextField
          name="tipPresets"
          label="Tip presets (%)"
          hint="Up to 4 whole percents, e.g. 15, 18, 20."
        />
        <RadioGroupField name="captureOn" label="Charge the card" options={CAPTURE_CHOICES} />
      </FormSection>
      <FormError message={formError} />
      <div className="form-footer">
        <Button type="submit" loading={update.isPending} loadingText="Saving...">
          Save changes
        </Button>
      </div>
    </Form>
  );
}

/** What happens to orders nobody accepts (docs/behaviour/ordering.md#orders-nobody-accepts). */
function UnacceptedOrdersSection() {
  return (
    <FormSection title="Orders nobody accepts">
      <FormRow>
        <NumberField
          name="alertAfterMinutes"
          label="Alert the restaurant after"
          suffix="min"
          min={0}
          max={120}
          step={1}
          hint="An order still waiting this long: a mail to the restaurant's contact address, and a text to the number below. 0 never."
        />
        <NumberField
          name="cancelAfterMinutes"
          label="Cancel the order after"
          suffix="min"
          min={0}
          max={240}
          step={1}
          hint="The guest's card is released. 0 never."
        />
      </FormRow>
      <TextField
        name="alertPhone"
        label="Text alerts to"
        type="tel"
        autoComplete="tel"
        placeholder="+15551234567"
        hint="A mobile number in international format; leave blank for mail only."
      />
    </FormSection>
  );
}
