import { errorMessage } from '@brigade/api-client/problem-error';
import { newLayoutTemplateSchema } from '@brigade/domain/site-config';
import { Badge } from '@brigade/ui/app-kit/badge';
import { SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError } from '@brigade/ui/app-kit/form';
import { TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useNormalisedForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import { z } from 'zod';
import type { TabProps } from './index';
import { type LayoutTemplate, useSiteConfigWrites } from './site-config-api';

interface TemplateValues {
  id: string;
  name: string;
  description: string;
  sections: string;
  isActive: boolean;
}

/** The sections box holds names separated by commas; the server's schema (and messages) check the list. */
const sectionsOf = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const templateForm = z.preprocess((values) => {
  const v = values as TemplateValues;
  return { ...v, description: v.description.trim() || undefined, sections: sectionsOf(v.sections) };
}, newLayoutTemplateSchema);

const FORM_ID = 'layout-template-form';

function TemplateDialog({ template, onClose }: { template: LayoutTemplate | null; onClose: () => void }) {
  const form = useNormalisedForm<TemplateValues>(templateForm, {
    id: template?.id ?? '',
    name: template?.name ?? '',
    description: template?.description ?? '',
    sections: template?.sections.join(', ') ?? 'hero, menu-preview, about, location, contact',
    isActive: template?.isActive ?? true,
  });
  const { addTemplate, updateTemplate } = useSiteConfigWrites();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const pending = addTemplate.isPending || updateTemplate.isPending;
  const submit = (values: TemplateValues) => {
    const body = {
      name: values.name.trim(),
      description: values.description.trim() || undefined,
      sections: sectionsOf(values.sections),
      isActive: values.isActive,
    };
    const done = {
      onSuccess: () => {
        toast.success(`${body.name} saved`);
        onClose();
      },
      onError: (error: unknown) => setFormError(applyServerErrors(error, form)),
    };
    if (template) updateTemplate.mutate({ templateId: template.id, ...body }, done);
    else addTemplate.mutate({ id: values.id.trim(), ...body }, done);
  };
  const title = template ? `Edit ${template.name}` : 'Add layout template';
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <DialogFormFooter formId={FORM_ID} onCancel={onClose} pending={pending} submitLabel="Save template" />
      }
    >
      <Form form={form} id={FORM_ID} label={title} onSubmit={submit}>
        <FormError message={formError} />
        {!template && <TextField name="id" label="Template ID" autoFocus autoComplete="off" />}
        <TextField name="name" label="Name" autoComplete="off" />
        <TextareaField name="description" label="Description" />
        <TextField
          name="sections"
          label="Sections"
          hint="In page order, separated by commas: hero, menu-preview, about, location, contact."
        />
        <SwitchField name="isActive" label="Active (restaurants may choose it)" />
      </Form>
    </Dialog>
  );
}

const columns: Column<LayoutTemplate>[] = [
  {
    header: 'Template',
    primary: true,
    cell: (t) => (
      <>
        {t.name} <span className="admin-muted">({t.id})</span>
      </>
    ),
  },
  { header: 'Sections', cell: (t) => t.sections.join(', ') },
  {
    header: 'Status',
    cell: (t) => (
      <span className="admin-badges">
        {t.isDefault && <Badge tone="brand">Default</Badge>}
        <Badge tone={t.isActive ? 'success' : 'warning'}>{t.isActive ? 'Active' : 'Inactive'}</Badge>
      </span>
    ),
  },
];

/** Layout templates: add, edit, make default, remove — never the default one. */
export function LayoutTemplatesTab({ config }: TabProps) {
  const [editing, setEditing] = useState<LayoutTemplate | 'new' | null>(null);
  const [removing, setRemoving] = useState<LayoutTemplate | null>(null);
  const { updateTemplate, removeTemplate } = useSiteConfigWrites();
  const toast = useToast();
  return (
    <div className="admin-section-plain">
      <div className="admin-tab-header">
        <h2 id="templates-title" className="admin-section__title">
          Layout templates
        </h2>
        <Button onClick={() => setEditing('new')}>Add template</Button>
      </div>
      <DataTable
        label="Layout templates"
        rows={config.layoutTemplates}
        columns={columns}
        rowKey={(t) => t.id}
        empty={{ title: 'No layout templates' }}
        rowActions={(t) => (
          <span className="admin-row-actions">
            {!t.isDefault && (
              <Button
                variant="ghost"
                size="sm"
                disabled={updateTemplate.isPending}
                onClick={() =>
                  updateTemplate.mutate(
                    { templateId: t.id, isDefault: true },
                    {
                      onSuccess: () => toast.success(`${t.name} is now the default template`),
                      onError: (error) => toast.error(errorMessage(error)),
                    },
                  )
                }
              >
                Make default<span className="ui-visually-hidden"> ({t.name})</span>
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={() => setEditing(t)}>
              Edit<span className="ui-visually-hidden"> {t.name}</span>
            </Button>
            {t.isDefault ? (
              <span className="admin-muted">The default cannot be removed</span>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => setRemoving(t)}>
                Remove<span className="ui-visually-hidden"> {t.name}</span>
              </Button>
            )}
          </span>
        )}
      />
      {editing && (
        <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        message="Restaurants that chose this template go back to the default template."
        confirmLabel="Remove template"
        pendingLabel="Removing..."
        pending={removeTemplate.isPending}
        error={removeTemplate.error ? errorMessage(removeTemplate.error) : null}
        onCancel={() => {
          removeTemplate.reset();
          setRemoving(null);
        }}
        onConfirm={() =>
          removing &&
          removeTemplate.mutate(removing.id, {
            onSuccess: () => {
              toast.success(`${removing.name} removed`);
              setRemoving(null);
            },
          })
        }
      />
    </div>
  );
}
