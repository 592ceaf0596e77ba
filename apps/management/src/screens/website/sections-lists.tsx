import {
  CONTENT_BLOCK_LAYOUTS,
  ORDERING_PROVIDERS,
  type WebsiteConfig,
} from '@brigade/domain/website-config';
import { SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { ColorField, TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { Button } from '@brigade/ui/components/button';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { ImageField } from './fields';
import { newSectionId } from './website-form';

const LAYOUT_LABELS: Record<(typeof CONTENT_BLOCK_LAYOUTS)[number], string> = {
  'image-left': 'Image left',
  'image-right': 'Image right',
  centered: 'Centered',
  'text-only': 'Text only',
};
const PROVIDER_LABELS: Record<(typeof ORDERING_PROVIDERS)[number], string> = {
  internal: 'Brigade online ordering',
  doordash: 'DoorDash',
  ubereats: 'Uber Eats',
  grubhub: 'Grubhub',
  custom: 'Another website',
};

export function ContentBlocks({ readOnly }: { readOnly: boolean }) {
  const { control } = useFormContext<WebsiteConfig>();
  const blocks = useFieldArray({ control, name: 'contentBlocks', keyName: 'key' });
  return (
    <FormSection title="Content blocks" description="Sections of the home page, in this order.">
      {blocks.fields.length === 0 && <p className="form-readonly-note">No content blocks yet.</p>}
      {blocks.fields.map((block, index) => (
        <fieldset key={block.key} className="website-item">
          <legend className="website-item__legend">Block {index + 1}</legend>
          <FormRow>
            <TextField name={`contentBlocks.${index}.title`} label="Title" />
            <SelectField
              name={`contentBlocks.${index}.layout`}
              label="Layout"
              options={CONTENT_BLOCK_LAYOUTS.map((value) => ({ value, label: LAYOUT_LABELS[value] }))}
            />
          </FormRow>
          <TextareaField name={`contentBlocks.${index}.description`} label="Description" rows={3} />
          <ImageField name={`contentBlocks.${index}.image`} label="Block image" disabled={readOnly} />
          <FormRow>
            <ColorField name={`contentBlocks.${index}.backgroundColor`} label="Background colour" />
            <ColorField name={`contentBlocks.${index}.textColor`} label="Text colour" />
          </FormRow>
          {!readOnly && (
            <ItemActions
              noun="block"
              index={index}
              count={blocks.fields.length}
              onMove={blocks.move}
              onRemove={blocks.remove}
            />
          )}
        </fieldset>
      ))}
      {!readOnly && (
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              blocks.append({ id: newSectionId('block'), title: '', description: '', layout: 'image-left' })
            }
          >
            Add content block
          </Button>
        </div>
      )}
    </FormSection>
  );
}

export function CtaSections({ readOnly }: { readOnly: boolean }) {
  const { control } = useFormContext<WebsiteConfig>();
  const sections = useFieldArray({ control, name: 'ctaSections', keyName: 'key' });
  return (
    <FormSection title="Call-to-action sections" description="Banners that invite visitors to act.">
      {sections.fields.length === 0 && <p className="form-readonly-note">No call-to-action sections yet.</p>}
      {sections.fields.map((section, index) => (
        <fieldset key={section.key} className="website-item">
          <legend className="website-item__legend">Section {index + 1}</legend>
          <TextField name={`ctaSections.${index}.title`} label="Title" />
          <TextareaField name={`ctaSections.${index}.description`} label="Description" rows={2} />
          <ImageField
            name={`ctaSections.${index}.backgroundImage`}
            label="Background image"
            preset="hero"
            disabled={readOnly}
          />
          {!readOnly && (
            <ItemActions
              noun="section"
              index={index}
              count={sections.fields.length}
              onMove={sections.move}
              onRemove={sections.remove}
            />
          )}
        </fieldset>
      ))}
      {!readOnly && (
        <div>
          <Button
            variant="secondary"
            onClick={() => sections.append({ id: newSectionId('cta'), title: '', description: '' })}
          >
            Add call-to-action section
          </Button>
        </div>
      )}
    </FormSection>
  );
}

/** Move up / down / remove: ordering by keyboard as well as by pointer. */
function ItemActions({
  noun,
  index,
  count,
  onMove,
  onRemove,
}: {
  noun: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const position = `${noun} ${index + 1}`;
  return (
    <div className="ui-row website-item__actions">
      <Button
        variant="ghost"
        size="sm"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={`Move ${position} up`}
      >
        ↑ Up
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={`Move ${position} down`}
      >
        ↓ Down
      </Button>
      <Button variant="danger" size="sm" onClick={() => onRemove(index)} aria-label={`Remove ${position}`}>
        Remove
      </Button>
    </div>
  );
}

export function OrderingSection() {
  const enabled = useFieldValue<boolean>('ordering.enabled');
  return (
    <FormSection title="Online ordering">
      <SwitchField name="ordering.enabled" label="Show an ordering button" />
      {enabled && (
        <>
          <FormRow>
            <SelectField
              name="ordering.provider"
              label="Provider"
              options={ORDERING_PROVIDERS.map((value) => ({ value, label: PROVIDER_LABELS[value] }))}
            />
            <TextField name="ordering.url" label="Ordering address" type="url" placeholder="https://" />
          </FormRow>
          <FormRow>
            <TextField name="ordering.buttonText" label="Button text" />
            <ColorField name="ordering.buttonColor" label="Button colour" />
          </FormRow>
        </>
      )}
    </FormSection>
  );
}
