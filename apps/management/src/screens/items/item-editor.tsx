import { ITEM_PRICING_STRATEGIES } from '@brigade/domain/catalogue/item';
import { ITEM_KIND } from '@brigade/domain/catalogue/kinds';
import { parseOptimizedImage } from '@brigade/domain/images';
import { Button } from '@brigade/ui/components/button';
import { Checkbox } from '@brigade/ui/components/checkbox';
import { TextField } from '@brigade/ui/components/text-field';
import { ImageUpload } from '@brigade/ui/images/image-upload';
import { ResponsiveImage } from '@brigade/ui/images/responsive-image';
import { useId, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { optionalNumber } from '../../components/form-values';
import { zodFormResolver } from '../../components/use-zod-form';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import {
  type ItemRecord,
  itemEndpoints,
  useCatalogueMutations,
  useCourses,
  useMenuGroups,
  useModifierGroups,
  usePrepStations,
  useSalesCategories,
  useTags,
  useTaxRates,
} from '../menus/catalogue-api';
import {
  DeleteRecordDialog,
  RecordPage,
  RecordRoute,
  RowActions,
  useRecordWrites,
} from '../menus/record-editor';
import { describedBy, FieldShell, IdChecklist, Section } from '../menus/ui';
import { selectionSummary } from '../modifier-groups/modifier-group-form';
import {
  ITEM_CHANNEL_FIELDS,
  ITEM_FORM_FIELDS,
  type ItemFormValues,
  itemBody,
  itemFormSchema,
  itemFormValues,
  PRICING_STRATEGY_LABELS,
} from './item-form';

/** /items/new and /items/:itemId. */
export function ItemEditor({ itemId }: { itemId: number | null }) {
  return (
    <RecordRoute<ItemRecord>
      kind={ITEM_KIND}
      id={itemId}
      title="Item"
      back={{ to: '/items', label: 'Items' }}
      label="the item"
      form={(item) => <ItemForm item={item} />}
    />
  );
}

function ItemForm({ item }: { item: ItemRecord | null }) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const canSave = useCan(item ? itemEndpoints.update : itemEndpoints.create);
  const canDelete = useCan(itemEndpoints.delete) && item !== null;
  const { create, update, remove } = useCatalogueMutations<ItemRecord>(ITEM_KIND);
  const taxRates = useTaxRates();
  const prepStations = usePrepStations();
  const tags = useTags();
  const courses = useCourses();
  const salesCategories = useSalesCategories();
  const modifierGroups = useModifierGroups();
  const menuGroups = useMenuGroups();
  const [addGroupId, setAddGroupId] = useState('');
  const ids = {
    customerDescription: useId(),
    posDescription: useId(),
    course: useId(),
    salesCategory: useId(),
    addGroup: useId(),
    strategy: useId(),
  };

  const form = useForm<ItemFormValues>({
    resolver: zodFormResolver<ItemFormValues>(itemFormSchema),
    defaultValues: itemFormValues(item),
  });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const sizes = useFieldArray({ control, name: 'sizePrice', keyName: 'key' });
  const groupRefs = useFieldArray({ control, name: 'modifierGroups', keyName: 'key' });
  const strategy = watch('pricingStrategy');
  const imageUrl = watch('imageUrl');

  const groupNames = useMemo(
    () => new Map((modifierGroups.data ?? []).map((g) => [g.modifierGroupId, g])),
    [modifierGroups.data],
  );
  const usedIn = useMemo(
    () => (item ? (menuGroups.data ?? []).filter((g) => g.items.some((r) => r.itemId === item.itemId)) : []),
    [menuGroups.data, item],
  );

  const { formError, save, deletion } = useRecordWrites({
    record: item,
    idOf: (record) => record.itemId,
    listPath: '/items',
    body: itemBody,
    mutations: { create, update, remove },
    setError,
    fields: ITEM_FORM_FIELDS,
    deleteFailure: 'Could not delete the item',
  });
  const submit = handleSubmit(save);

  const idList = (name: 'taxRateIds' | 'prepStationIds' | 'tagIds') => ({
    value: watch(name),
    onChange: (next: number[]) => setValue(name, next, { shouldDirty: true }),
    disabled: !canSave,
  });

  const sizeError = errors.sizePrice?.message ?? errors.sizePrice?.root?.message;
  const availableGroups = (modifierGroups.data ?? []).filter(
    (g) => !groupRefs.fields.some((ref) => ref.modifierGroupId === g.modifierGroupId),
  );

  return (
    <RecordPage
      name={item?.name ?? null}
      noun="item"
      plural="items"
      listPath="/items"
      listLabel="Items"
      description={
        item
          ? usedIn.length > 0
            ? `In ${usedIn.map((g) => g.name).join(', ')}`
            : 'Not in any menu group yet'
          : 'Name, price and where it is sold.'
      }
      onDelete={canDelete && deletion.ask}
      onSubmit={submit}
      formError={formError}
      canSave={canSave}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      dialogs={
        <DeleteRecordDialog
          name={item?.name}
          usedBy={usedIn.map((g) => g.name)}
          usersOne="the menu group that uses it"
          usersMany={(count) => `the ${count} menu groups that use it`}
          pending={remove.isPending}
          dialogProps={deletion.dialogProps}
        />
      }
    >
      <Section title="Details">
        <div className="cat-grid-2">
          <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
          <TextField
            label="POS name"
            autoComplete="off"
            error={errors.posName?.message}
            {...register('posName')}
          />
        </div>
        <FieldShell
          id={ids.customerDescription}
          label="Description for guests"
          error={errors.customerDescription?.message}
        >
          <textarea
            id={ids.customerDescription}
            className="ui-field__input"
            rows={2}
            {...register('customerDescription')}
          />
        </FieldShell>
        <div className="cat-grid-3">
          <TextField
            label="Number"
            autoComplete="off"
            error={errors.number?.message}
            {...register('number')}
          />
          <TextField
            label="Calories"
            inputMode="numeric"
            error={errors.calories?.message}
            {...register('calories', { setValueAs: optionalNumber })}
          />
          <div className="cat-check-cell">
            <Checkbox label="Contains alcohol" {...register('containsAlcohol')} />
          </div>
        </div>
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
                alt={item?.name ?? ''}
                targetWidth={400}
              />
            </div>
          ) : (
            <p className="ui-muted ui-small">No image.</p>
          )}
          {errors.imageUrl?.message && (
            <p className="ui-field__error" role="alert">
              {errors.imageUrl.message}
            </p>
          )}
        </div>
      </Section>

      <Section title="Pricing">
        <div className="cat-radios" role="radiogroup" aria-labelledby={ids.strategy}>
          <span id={ids.strategy} className="ui-field__label">
            Pricing strategy
          </span>
          {ITEM_PRICING_STRATEGIES.map((value) => (
            <label key={value} className="ui-checkbox">
              <input type="radio" value={value} {...register('pricingStrategy')} />
              <span>{PRICING_STRATEGY_LABELS[value]}</span>
            </label>
          ))}
        </div>
        {strategy === 'base' && (
          <TextField
            label="Base price"
            inputMode="decimal"
            className="cat-narrow"
            error={errors.basePrice?.message}
            {...register('basePrice', { setValueAs: optionalNumber })}
          />
        )}
        {strategy === 'size' && (
          <fieldset className="cat-sizes">
            <legend className="ui-visually-hidden">Size prices</legend>
            {sizes.fields.length > 0 && (
              <ul className="cat-editable-list">
                {sizes.fields.map((field, index) => (
                  <li key={field.key} className="cat-editable-row">
                    <TextField
                      label={`Size ${index + 1} name`}
                      autoComplete="off"
                      error={errors.sizePrice?.[index]?.name?.message}
                      {...register(`sizePrice.${index}.name`)}
                    />
                    <TextField
                      label={`Size ${index + 1} price`}
                      inputMode="decimal"
                      error={errors.sizePrice?.[index]?.price?.message}
                      {...register(`sizePrice.${index}.price`, { setValueAs: optionalNumber })}
                    />
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
              <Button
                variant="secondary"
                size="sm"
                onClick={() => sizes.append({ name: '', price: undefined })}
              >
                Add size
              </Button>
            )}
          </fieldset>
        )}
        {strategy === 'open' && (
          <div>
            <Checkbox label="Enable open price (entered at the till)" {...register('openPrice')} />
            {errors.openPrice?.message && (
              <p className="ui-field__error" role="alert">
                {errors.openPrice.message}
              </p>
            )}
          </div>
        )}
      </Section>

      <Section
        title="Modifier groups"
        description={
          <>
            Choices offered with this item (toppings, sides). Manage them under{' '}
            <Link to="/modifier-groups">Modifier groups</Link>.
          </>
        }
      >
        {groupRefs.fields.length === 0 ? (
          <p className="ui-muted ui-small">No modifier groups.</p>
        ) : (
          <ul className="cat-editable-list" aria-label="Modifier groups of this item">
            {groupRefs.fields.map((field, index) => {
              const group = groupNames.get(field.modifierGroupId);
              const name = group?.name ?? `Modifier group ${field.modifierGroupId}`;
              return (
                <li key={field.key} className="cat-editable-row cat-editable-row--ref">
                  <div className="cat-ref__name">
                    <strong>{name}</strong>
                    {group && <span className="ui-muted ui-small">{selectionSummary(group)}</span>}
                  </div>
                  <Checkbox label="Required" {...register(`modifierGroups.${index}.isRequired`)} />
                  <TextField
                    label="Min"
                    inputMode="numeric"
                    className="cat-tiny"
                    error={errors.modifierGroups?.[index]?.minSelection?.message}
                    {...register(`modifierGroups.${index}.minSelection`, { setValueAs: optionalNumber })}
                  />
                  <TextField
                    label="Max"
                    inputMode="numeric"
                    className="cat-tiny"
                    error={errors.modifierGroups?.[index]?.maxSelection?.message}
                    {...register(`modifierGroups.${index}.maxSelection`, { setValueAs: optionalNumber })}
                  />
                  {canSave && (
                    <RowActions
                      name={name}
                      index={index}
                      count={groupRefs.fields.length}
                      onMove={groupRefs.move}
                      onRemove={groupRefs.remove}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {canSave && availableGroups.length > 0 && (
          <div className="cat-inline-form">
            <FieldShell id={ids.addGroup} label="Add a modifier group">
              <select
                id={ids.addGroup}
                className="ui-field__input"
                value={addGroupId}
                onChange={(event) => setAddGroupId(event.target.value)}
              >
                <option value="">Choose...</option>
                {availableGroups.map((g) => (
                  <option key={g.modifierGroupId} value={g.modifierGroupId}>
                    {g.name}
                  </option>
                ))}
              </select>
            </FieldShell>
            <Button
              variant="secondary"
              disabled={!addGroupId}
              onClick={() => {
                groupRefs.append({
                  modifierGroupId: Number(addGroupId),
                  position: groupRefs.fields.length,
                });
                setAddGroupId('');
              }}
            >
              Add
            </Button>
          </div>
        )}
      </Section>

      <Section title="Taxes">
        <IdChecklist
          legend="Tax rates"
          options={taxRates.data?.map((t) => ({
            id: t.taxRateId,
            label: `${t.name} (${t.rate}${t.type === 'Percent' ? '%' : ''})`,
          }))}
          empty={
            <>
              No tax rates yet: add them under <Link to="/tax-rates">Tax rates</Link>.
            </>
          }
          {...idList('taxRateIds')}
        />
        <div className="cat-checks">
          <Checkbox label="Prices include tax" {...register('taxInclusion')} />
          <Checkbox label="No tax on takeout" {...register('takeoutTaxException')} />
        </div>
      </Section>

      <Section title="Kitchen">
        <IdChecklist
          legend="Prep stations"
          options={prepStations.data?.map((p) => ({ id: p.prepStationId, label: p.name }))}
          empty={
            <>
              No prep stations yet: add them under <Link to="/prep-stations">Prep stations</Link>.
            </>
          }
          {...idList('prepStationIds')}
        />
        <div className="cat-grid-3">
          <FieldShell id={ids.course} label="Course" error={errors.courseId?.message}>
            <select
              id={ids.course}
              className="ui-field__input"
              {...register('courseId', { setValueAs: optionalNumber })}
            >
              <option value="">No course</option>
              {(courses.data ?? []).map((c) => (
                <option key={c.courseId} value={c.courseId}>
                  {c.name}
                </option>
              ))}
            </select>
          </FieldShell>
          <TextField label="Kitchen name" autoComplete="off" {...register('kitchenName')} />
          <TextField label="KDS colour" autoComplete="off" placeholder="#c2410c" {...register('kdsColor')} />
        </div>
      </Section>

      <Section title="Point of sale and reporting">
        <div className="cat-grid-3">
          <FieldShell id={ids.salesCategory} label="Sales category" error={errors.salesCategoryId?.message}>
            <select
              id={ids.salesCategory}
              className="ui-field__input"
              {...register('salesCategoryId', { setValueAs: optionalNumber })}
            >
              <option value="">No sales category</option>
              {(salesCategories.data ?? []).map((c) => (
                <option key={c.salesCategoryId} value={c.salesCategoryId}>
                  {c.name}
                </option>
              ))}
            </select>
          </FieldShell>
          <TextField label="PLU" autoComplete="off" {...register('plu')} />
          <TextField label="SKU" autoComplete="off" {...register('sku')} />
        </div>
        <div className="cat-grid-2">
          <TextField label="POS colour" autoComplete="off" placeholder="#c2410c" {...register('posColor')} />
          <FieldShell id={ids.posDescription} label="POS description">
            <input
              id={ids.posDescription}
              className="ui-field__input"
              aria-describedby={describedBy(ids.posDescription)}
              {...register('posDescription')}
            />
          </FieldShell>
        </div>
        <IdChecklist
          legend="Tags"
          options={tags.data?.map((t) => ({ id: t.tagId, label: t.name }))}
          empty={
            <>
              No tags yet: add them under <Link to="/tags">Tags</Link>.
            </>
          }
          {...idList('tagIds')}
        />
      </Section>

      <Section title="Sold on" description="The channels that sell this item.">
        <div className="cat-checks">
          {ITEM_CHANNEL_FIELDS.map(([field, label]) => (
            <Checkbox key={field} label={label} {...register(field)} />
          ))}
        </div>
      </Section>
    </RecordPage>
  );
}
