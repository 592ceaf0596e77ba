import { errorMessage } from '@brigade/api-client/problem-error';
import { fallbackImageSchema } from '@brigade/domain/site-config';
import { Badge } from '@brigade/ui/app-kit/badge';
import { CheckboxField } from '@brigade/ui/app-kit/choice-fields';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError, FormRow } from '@brigade/ui/app-kit/form';
import { NumberField, TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { ImageUpload } from '@brigade/ui/images/image-upload';
import { ResponsiveImage } from '@brigade/ui/images/responsive-image';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import type { TabProps } from './index';
import { type FallbackImage, useSiteConfigWrites } from './site-config-api';

/** The image itself: uploaded through the image pipeline into the site configuration's own folder. */
function UploadField() {
  const { field, fieldState } = useController({ name: 'url' });
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : null;
  return (
    <div className="ui-field">
      <span className="ui-field__label">Image</span>
      <ImageUpload
        value={value}
        onChange={(next) => field.onChange(next ?? '')}
        folder="fallback-images"
        preset="hero"
        label="Upload the fallback image"
      />
      {fieldState.error?.message && <p className="ui-field__error">{fieldState.error.message}</p>}
    </div>
  );
}

const FORM_ID = 'fallback-image-form';

function AddImageDialog({ onClose }: { onClose: () => void }) {
  const form = useZodForm(fallbackImageSchema, {
    defaultValues: { id: '', category: '', url: '', alt: '', isGenericFallback: false, priority: 0 },
  });
  const { addImage } = useSiteConfigWrites();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Add fallback image"
      description="Shown as the hero of restaurants without their own image: the highest priority of their concept's category, else the generic one."
      footer={
        <DialogFormFooter
          formId={FORM_ID}
          onCancel={onClose}
          pending={addImage.isPending}
          submitLabel="Add image"
        />
      }
    >
      <Form
        form={form}
        id={FORM_ID}
        label="Add fallback image"
        onSubmit={(body) =>
          addImage.mutate(body, {
            onSuccess: () => {
              toast.success(`Fallback image ${body.id} added`);
              onClose();
            },
            onError: (error) => setFormError(applyServerErrors(error, form)),
          })
        }
      >
        <FormError message={formError} />
        <UploadField />
        <FormRow>
          <TextField name="id" label="Image ID" autoComplete="off" />
          <TextField
            name="category"
            label="Category"
            hint="Compared with a restaurant's concept, e.g. Seafood."
          />
        </FormRow>
        <TextField name="alt" label="Alt text" />
        <TextareaField name="description" label="Description" />
        <FormRow>
          <NumberField name="priority" label="Priority" hint="Higher comes first." />
          <CheckboxField name="isGenericFallback" label="Generic fallback (any category)" />
        </FormRow>
      </Form>
    </Dialog>
  );
}

const columns: Column<FallbackImage>[] = [
  {
    header: 'Image',
    cell: (i) => <ResponsiveImage className="fallback-thumb" image={i.url} alt={i.alt} targetWidth={96} />,
  },
  { header: 'Category', primary: true, cell: (i) => `${i.category} (${i.id})` },
  { header: 'Alt text', hideOnMobile: true, cell: (i) => i.alt },
  { header: 'Priority', cell: (i) => i.priority },
  { header: 'Kind', cell: (i) => (i.isGenericFallback ? <Badge tone="info">Generic</Badge> : 'By category') },
];

/** Fallback images (used by the hero image choice): upload, list, remove. */
export function FallbackImagesTab({ config }: TabProps) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<FallbackImage | null>(null);
  const { removeImage } = useSiteConfigWrites();
  const toast = useToast();
  return (
    <div className="admin-section-plain">
      <div className="admin-tab-header">
        <h2 id="images-title" className="admin-section__title">
          Fallback images
        </h2>
        <Button onClick={() => setAdding(true)}>Add image</Button>
      </div>
      <DataTable
        label="Fallback images"
        rows={config.fallbackImages}
        columns={columns}
        rowKey={(i) => i.id}
        empty={{
          title: 'No fallback images',
          message: 'Restaurants without a hero image show the built-in generic image.',
        }}
        rowActions={(i) => (
          <Button variant="ghost" size="sm" onClick={() => setRemoving(i)}>
            Remove<span className="ui-visually-hidden"> {i.id}</span>
          </Button>
        )}
      />
      {adding && <AddImageDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove fallback image ${removing?.id ?? ''}?`}
        message="Restaurants that showed it get the next fallback image of their category, or the generic one."
        confirmLabel="Remove image"
        pendingLabel="Removing..."
        pending={removeImage.isPending}
        error={removeImage.error ? errorMessage(removeImage.error) : null}
        onCancel={() => {
          removeImage.reset();
          setRemoving(null);
        }}
        onConfirm={() =>
          removing &&
          removeImage.mutate(removing.id, {
            onSuccess: () => {
              toast.success(`Fallback image ${removing.id} removed`);
              setRemoving(null);
            },
          })
        }
      />
    </div>
  );
}
