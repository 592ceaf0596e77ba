import { MENU_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import { MENU_PRICING_TYPES } from '@brigade/domain/catalogue/menu-group';
import { Alert } from '@brigade/ui/components/alert';
import { Checkbox } from '@brigade/ui/components/checkbox';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '../../components/dialog-form-footer';
import { optionalNumber } from '../../components/form-values';
import { applyProblem } from '../../components/server-errors';
import { zodFormResolver } from '../../components/use-zod-form';
import { type MenuGroupRecord, useCatalogueMutations } from './catalogue-api';
import {
  AVAILABILITY_CHANNELS,
  GROUP_FORM_FIELDS,
  type GroupFormValues,
  groupFormSchema,
  groupFormValues,
  groupPatch,
  VISIBILITY_FIELDS,
  WEEK_DAYS,
} from './group-form';
import { describedBy, FieldShell, Section } from './ui';

const PRICING_LABELS: Record<(typeof MENU_PRICING_TYPES)[number], string> = {
  standard: 'Standard (item prices)',
  fixed: 'Fixed price',
  discount: 'Discount',
  special: 'Special',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Create or edit a menu group: name, pricing type, visibility per channel and availability (days, time
 * range, date range, seasonal window), validated with the server's schema and messages; the server's
 * field errors land on the same fields.
 */
export function GroupSettingsDialog({
  open,
  onClose,
  group,
  create,
  title,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  /** The stored group to edit; null to create one. */
  group: MenuGroupRecord | null;
  /** For a new group: its parent (null for a menu) and position. */
  create?: { parentId: number | null; position: number; isMenu: boolean };
  title: string;
  onSaved?: (group: MenuGroupRecord) => void;
}) {
  const { create: createGroup, update } = useCatalogueMutations<MenuGroupRecord>(MENU_GROUP_KIND);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<GroupFormValues>({
    resolver: zodFormResolver<GroupFormValues>(groupFormSchema),
    defaultValues: groupFormValues(group ?? (create ? { isMenu: create.isMenu } : null)),
  });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const pricingType = watch('pricingType');
  const seasonOn = watch('seasonalAvailability.isActive');
  const ids = {
    description: useId(),
    pricing: useId(),
    start: useId(),
    end: useId(),
    startDate: useId(),
    endDate: useId(),
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (group) {
        const patch = groupPatch(group, values);
        const saved =
          Object.keys(patch).length > 0 ? await update.mutateAsync({ id: group.menuGroupId, patch }) : group;
        onSaved?.(saved);
      } else {
        const body = {
          ...groupPatch(null, values),
          ...(create?.parentId ? { parentId: create.parentId } : {}),
          position: create?.position ?? 0,
          isMenu: create?.isMenu ?? false,
        };
        onSaved?.(await createGroup.mutateAsync(body));
      }
      onClose();
    } catch (error) {
      setFormError(applyProblem(error, setError, GROUP_FORM_FIELDS));
    }
  });

  const timeError = errors.timeRange?.startTime?.message ?? errors.timeRange?.endTime?.message;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        <DialogFormFooter
          formId="group-settings-form"
          onCancel={onClose}
          pending={isSubmitting}
          submitLabel={group ? 'Save changes' : 'Create'}
        />
      }
    >
      <form id="group-settings-form" className="cat-form" noValidate onSubmit={submit}>
        {formError && <Alert title="Could not save">{formError}</Alert>}
        <Section title="Details">
          <TextField
            label="Name"
            autoComplete="off"
            data-autofocus
            error={errors.name?.message}
            {...register('name')}
          />
          <FieldShell id={ids.description} label="Description" error={errors.description?.message}>
            <textarea
              id={ids.description}
              className="ui-field__input"
              rows={2}
              {...register('description')}
            />
          </FieldShell>
          <TextField
            label="POS name"
            autoComplete="off"
            error={errors.posName?.message}
            {...register('posName')}
          />
          <div className="cat-checks">
            <Checkbox label="Active" {...register('isActive')} />
            <Checkbox label="Special" {...register('isSpecial')} />
            <Checkbox label="Priority" {...register('isPriority')} />
          </div>
        </Section>

        <Section title="Pricing">
          <FieldShell id={ids.pricing} label="Pricing type" error={errors.pricingType?.message}>
            <select id={ids.pricing} className="ui-field__input" {...register('pricingType')}>
              {MENU_PRICING_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PRICING_LABELS[type]}
                </option>
              ))}
            </select>
          </FieldShell>
          {pricingType === 'fixed' && (
            <TextField
              label="Fixed price"
              inputMode="decimal"
              error={errors.fixedPrice?.message}
              {...register('fixedPrice', { setValueAs: optionalNumber })}
            />
          )}
          {pricingType === 'discount' && (
            <TextField
              label="Discount percentage"
              inputMode="decimal"
              error={errors.discountPercentage?.message}
              {...register('discountPercentage', { setValueAs: optionalNumber })}
            />
          )}
          <div className="cat-grid-2">
            <TextField
              label="Minimum required selections"
              inputMode="numeric"
              error={errors.minRequired?.message}
              {...register('minRequired', { setValueAs: optionalNumber })}
            />
            <TextField
              label="Maximum selections"
              inputMode="numeric"
              error={errors.maxSelections?.message}
              {...register('maxSelections', { setValueAs: optionalNumber })}
            />
          </div>
        </Section>

        <Section title="Visibility" description="Where the group is shown.">
          <div className="cat-checks">
            {VISIBILITY_FIELDS.map(([field, label]) => (
              <Checkbox key={field} label={label} {...register(field)} />
            ))}
          </div>
          <span className="ui-field__label">Available for</span>
          <div className="cat-checks">
            {AVAILABILITY_CHANNELS.map(([field, label]) => (
              <Checkbox key={field} label={label} {...register(`availability.${field}`)} />
            ))}
          </div>
        </Section>

        <Section
          title="Availability"
          description="When the group is shown. Leave the times and dates empty for always."
        >
          <span className="ui-field__label">Days of the week</span>
          <div className="cat-checks">
            {WEEK_DAYS.map((day) => (
              <Checkbox key={day} label={capitalise(day)} {...register(`daysOfWeek.${day}`)} />
            ))}
          </div>
          <div className="cat-grid-2">
            <FieldShell id={ids.start} label="From (HH:MM)" error={errors.timeRange?.startTime?.message}>
              <input
                id={ids.start}
                className="ui-field__input"
                placeholder="11:00"
                inputMode="numeric"
                aria-invalid={errors.timeRange?.startTime ? true : undefined}
                aria-describedby={describedBy(ids.start, errors.timeRange?.startTime?.message)}
                {...register('timeRange.startTime')}
              />
            </FieldShell>
            <FieldShell id={ids.end} label="Until (HH:MM)" error={errors.timeRange?.endTime?.message}>
              <input
                id={ids.end}
                className="ui-field__input"
                placeholder="15:00"
                inputMode="numeric"
                aria-invalid={errors.timeRange?.endTime ? true : undefined}
                aria-describedby={describedBy(ids.end, errors.timeRange?.endTime?.message)}
                {...register('timeRange.endTime')}
              />
            </FieldShell>
          </div>
          {!timeError && <p className="ui-muted ui-small">An end before the start runs past midnight.</p>}
          <div className="cat-grid-2">
            <FieldShell id={ids.startDate} label="Start date" error={errors.dateRange?.startDate?.message}>
              <input
                id={ids.startDate}
                type="date"
                className="ui-field__input"
                aria-invalid={errors.dateRange?.startDate ? true : undefined}
                {...register('dateRange.startDate')}
              />
            </FieldShell>
            <FieldShell id={ids.endDate} label="End date" error={errors.dateRange?.endDate?.message}>
              <input
                id={ids.endDate}
                type="date"
                className="ui-field__input"
                aria-invalid={errors.dateRange?.endDate ? true : undefined}
                {...register('dateRange.endDate')}
              />
            </FieldShell>
          </div>
          <Checkbox label="Seasonal availability" {...register('seasonalAvailability.isActive')} />
          {seasonOn && (
            <>
              <div className="cat-grid-4">
                <TextField
                  label="Start month"
                  inputMode="numeric"
                  error={errors.seasonalAvailability?.startMonth?.message}
                  {...register('seasonalAvailability.startMonth', { setValueAs: optionalNumber })}
                />
                <TextField
                  label="Start day"
                  inputMode="numeric"
                  error={errors.seasonalAvailability?.startDay?.message}
                  {...register('seasonalAvailability.startDay', { setValueAs: optionalNumber })}
                />
                <TextField
                  label="End month"
                  inputMode="numeric"
                  error={errors.seasonalAvailability?.endMonth?.message}
                  {...register('seasonalAvailability.endMonth', { setValueAs: optionalNumber })}
                />
                <TextField
                  label="End day"
                  inputMode="numeric"
                  error={errors.seasonalAvailability?.endDay?.message}
                  {...register('seasonalAvailability.endDay', { setValueAs: optionalNumber })}
                />
              </div>
              <TextField
                label="Seasonal message"
                error={errors.seasonalAvailability?.displayMessage?.message}
                {...register('seasonalAvailability.displayMessage')}
              />
            </>
          )}
        </Section>
      </form>
    </Dialog>
  );
}
