import { ITEM_PRICING_STRATEGIES } from '@brigade/domain/catalogue/item';
import { parseOptimizedImage } from '@brigade/domain/images';
import {
  CheckboxField,
  MultiSelectField,
  RadioGroupField,
  SelectField,
} from '@brigade/ui/app-kit/choice-fields';
import { useFieldValue } from '@brigade/ui/app-kit/form';
import { NumberField, TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { Button } from '@brigade/ui/components/button';
import { ImageUpload } from '@brigade/ui/images/image-upload';
import { ResponsiveImage } from '@brigade/ui/images/responsive-image';
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { Link } from 'react-router';
import {
  useCourses,
  useItems,
  usePrepStations,
  useSalesCategories,
  useTags,
  useTaxRates,
} from '../../catalogue-kit/catalogue-api';
import { ChannelsSection } from '../../catalogue-kit/channels-section';
import { Section } from '../../catalogue-kit/ui';
import { useCurrentRestaurant } from '../../restaurant-context';
import { type ItemFormValues, PRICING_STRATEGY_LABELS } from './item-form';

/*
 * The sections of the item editor's form, each reading the form from context. The
 * modifier groups of an item are in item-modifier-groups.tsx.
 */

/** "No X yet: add them under <link>." for an empty reference list. */
const noneYet = (what: string, to: string, screen: string): ReactNode => (
  <>
    No {what} yet: add them under <Link to={to}>{screen}</Link>.
  </>
);

/** Another item of the restaurant with the same name (case and spaces aside), if any. */
function useSameName(itemId: number | null): string | null {
  const items = useItems();
  const name = (useFieldValue<string>('name') ?? '').trim().toLowerCase();
  if (!name) return null;
  const twin = (items.data ?? []).find(
    (other) => other.itemId !== itemId && other.name.trim().toLowerCase() === name,
  );
  return twin ? twin.name : null;
}

export function ItemDetailsSection({
  itemId,
  itemName,
  canSave,
}: {
  itemId: number | null;
  itemName: string;
  canSave: boolean;
}) {
  const twin = useSameName(itemId);
  return (
    <Section title="Details">
      <div className="cat-grid-2">
        <TextField name="name" label="Name" autoComplete="off" />
        <TextField name="posName" label="POS name" autoComplete="off" />
      </div>
      {twin ? (
        <p className="cat-warning" role="status">
          Another item is already called “{twin}”. Guests and staff would see two items with one name.
        </p>
      ) : null}
      <TextareaField name="customerDescription" label="Description for guests" rows={2} />
      <div className="cat-grid-3">
        <TextField name="number" label="Number" autoComplete="off" />
        <NumberField name="calories" label="Calories" />
        <div className="cat-check-cell">
          <CheckboxField name="containsAlcohol" label="Contains alcohol" />
        </div>
      </div>
      <ItemImageField itemName={itemName} canSave={canSave} />
    </Section>
  );
}

/** The item's photo: the upload control for roles that may save, else the photo itself. */
function ItemImageField({ itemName, canSave }: { itemName: string; canSave: boolean }) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const { setValue } = useFormContext<ItemFormValues>();
  const { errors } = useFormState<ItemFormValues>({ name: 'imageUrl' });
  const imageUrl = useFieldValue<string | null>('imageUrl');
  const error = errors.imageUrl?.message;
  return (
    <div className="ui-field">
      <span className="ui-field__label">Image</span>
      {canSave ? (
        <ImageUpload
          value={imageUrl}
          onChange={(value) => setValue('imageUrl', value, { shouldDirty: true })}
          tenantId={tenantId}
          restaurantId={restaurantId}
          folder="items"
          label="Upload an item photo (click or drop)"
        />
      ) : imageUrl ? (
        <div className="cat-image">
          <ResponsiveImage
            image={parseOptimizedImage(imageUrl) ?? imageUrl}
            alt={itemName}
            targetWidth={400}
          />
        </div>
      ) : (
        <p className="ui-muted ui-small">No image.</p>
      )}
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const STRATEGY_OPTIONS = ITEM_PRICING_STRATEGIES.map((value) => ({
  value,
  label: PRICING_STRATEGY_LABELS[value],
}));

export function ItemPricingSection({ canSave }: { canSave: boolean }) {
  const strategy = useFieldValue<ItemFormValues['pricingStrategy']>('pricingStrategy');
  return (
    <Section title="Pricing">
      <RadioGroupField name="pricingStrategy" label="Pricing strategy" options={STRATEGY_OPTIONS} />
      {strategy === 'base' && <NumberField name="basePrice" label="Base price" className="cat-narrow" />}
      {strategy === 'size' && <SizePrices canSave={canSave} />}
      {strategy === 'open' && (
        <CheckboxField name="openPrice" label="Enable open price (entered at the till)" />
      )}
    </Section>
  );
}

/** Price per size: a row per size (name and price), added and removed. */
function SizePrices({ canSave }: { canSave: boolean }) {
  const { control } = useFormContext<ItemFormValues>();
  const { errors } = useFormState<ItemFormValues>({ name: 'sizePrice' });
  const sizes = useFieldArray({ control, name: 'sizePrice', keyName: 'key' });
  const sizeError = errors.sizePrice?.message ?? errors.sizePrice?.root?.message;
  return (
    <fieldset className="cat-sizes">
      <legend className="ui-visually-hidden">Size prices</legend>
      {sizes.fields.length > 0 && (
        <ul className="cat-editable-list">
          {sizes.fields.map((field, index) => (
            <li key={field.key} className="cat-editable-row">
              <TextField
                name={`sizePrice.${index}.name`}
                label={`Size ${index + 1} name`}
                autoComplete="off"
              />
              <NumberField name={`sizePrice.${index}.price`} label={`Size ${index + 1} price`} />
              {canSave && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="cat-danger cat-editable-row__remove"
                  aria-label={`Remove size ${index + 1}`}
                  onClick={() => sizes.remove(index)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sizeError && (
        <p className="ui-field__error" role="alert">
          {sizeError}
        </p>
      )}
      {canSave && (
        <Button variant="secondary" size="sm" onClick={() => sizes.append({ name: '', price: undefined })}>
          Add size
        </Button>
      )}
    </fieldset>
  );
}

export function ItemTaxesSection() {
  const taxRates = useTaxRates();
  return (
    <Section title="Taxes">
      <MultiSelectField
        name="taxRateIds"
        label="Tax rates"
        options={taxRates.data?.map((t) => ({
          value: t.taxRateId,
          label: `${t.name} (${t.rate}${t.type === 'Percent' ? '%' : ''})`,
        }))}
        hint="New items start with the restaurant's default tax rates."
        emptyText={noneYet('tax rates', '/tax-rates', 'Tax rates')}
      />
      <div className="cat-checks">
        <CheckboxField name="taxInclusion" label="Prices include tax" />
        <CheckboxField name="takeoutTaxException" label="No tax on takeout" />
      </div>
    </Section>
  );
}

export function ItemKitchenSection() {
  const prepStations = usePrepStations();
  const courses = useCourses();
  return (
    <Section title="Kitchen">
      <MultiSelectField
        name="prepStationIds"
        label="Prep stations"
        options={prepStations.data?.map((p) => ({ value: p.prepStationId, label: p.name }))}
        emptyText={noneYet('prep stations', '/prep-stations', 'Prep stations')}
      />
      <div className="cat-grid-3">
        <SelectField
          name="courseId"
          label="Course"
          placeholder="No course"
          options={(courses.data ?? []).map((c) => ({ value: c.courseId, label: c.name }))}
        />
        <TextField name="kitchenName" label="Kitchen name" autoComplete="off" />
        <TextField name="kdsColor" label="KDS colour" autoComplete="off" placeholder="#c2410c" />
      </div>
    </Section>
  );
}

export function ItemPointOfSaleSection() {
  const salesCategories = useSalesCategories();
  const tags = useTags();
  return (
    <Section title="Point of sale and reporting">
      <div className="cat-grid-3">
        <SelectField
          name="salesCategoryId"
          label="Sales category"
          placeholder="No sales category"
          options={(salesCategories.data ?? []).map((c) => ({ value: c.salesCategoryId, label: c.name }))}
        />
        <TextField name="plu" label="PLU" autoComplete="off" />
        <TextField name="sku" label="SKU" autoComplete="off" />
      </div>
      <div className="cat-grid-2">
        <TextField name="posColor" label="POS colour" autoComplete="off" placeholder="#c2410c" />
        <TextField name="posDescription" label="POS description" />
      </div>
      <MultiSelectField
        name="tagIds"
        label="Tags"
        options={tags.data?.map((t) => ({ value: t.tagId, label: t.name }))}
        emptyText={noneYet('tags', '/tags', 'Tags')}
      />
    </Section>
  );
}

export const ItemChannelsSection = () => (
  <ChannelsSection title="Sold on" description="The channels that sell this item." />
);
