import { errorMessage } from '@brigade/api-client/problem-error';
import { colorSchemeSchema } from '@brigade/domain/site-config';
import { Badge } from '@brigade/ui/app-kit/badge';
import { SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { Form, FormError, useFieldValue } from '@brigade/ui/app-kit/form';
import { ColorField, TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import type { TabProps } from './index';
import { type SchemeColours, SchemePreview } from './scheme-preview';
import { type ColorScheme, useSiteConfigWrites } from './site-config-api';

const COLOUR_FIELDS = [
  ['primary', 'Primary'],
  ['secondary', 'Secondary'],
  ['accent', 'Accent'],
  ['background', 'Background'],
  ['text', 'Text'],
] as const;

const NEW_SCHEME: ColorScheme = {
  id: '',
  name: '',
  primary: '#c2410c',
  secondary: '#1f2937',
  accent: '#f59e0b',
  background: '#ffffff',
  text: '#1c1917',
  isDefault: false,
  isActive: true,
};

/** The preview follows the form's values as they are typed. */
function LivePreview() {
  const colours: SchemeColours = {
    primary: useFieldValue<string>('primary'),
    secondary: useFieldValue<string>('secondary'),
    accent: useFieldValue<string>('accent'),
    background: useFieldValue<string>('background'),
    text: useFieldValue<string>('text'),
  };
  const name = useFieldValue<string>('name');
  return <SchemePreview colours={colours} name={name || 'this scheme'} />;
}

function SchemeEditor({ scheme, onSaved }: { scheme: ColorScheme; onSaved: (id: string) => void }) {
  const isNew = scheme.id === '';
  const form = useZodForm(colorSchemeSchema, { defaultValues: scheme });
  const { addScheme, updateScheme } = useSiteConfigWrites();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const done = (name: string, id: string) => ({
    onSuccess: () => {
      toast.success(`${name} saved`);
      onSaved(id);
    },
    onError: (error: unknown) => setFormError(applyServerErrors(error, form)),
  });
  return (
    <Form
      form={form}
      label={isNew ? 'New colour scheme' : `Colour scheme ${scheme.name}`}
      onSubmit={({ id, isDefault: _d, ...body }) =>
        isNew
          ? addScheme.mutate({ id, ...body }, done(body.name, id))
          : updateScheme.mutate({ schemeId: scheme.id, ...body }, done(body.name, scheme.id))
      }
    >
      <div className="scheme-editor">
        <div className="scheme-editor__fields">
          <FormError message={formError} />
          {isNew && <TextField name="id" label="Scheme ID" autoComplete="off" />}
          <TextField name="name" label="Name" autoComplete="off" />
          <div className="scheme-editor__colours">
            {COLOUR_FIELDS.map(([key, label]) => (
              <ColorField key={key} name={key} label={label} />
            ))}
          </div>
          <SwitchField name="isActive" label="Active (restaurants may choose it)" />
          <div className="admin-form-actions">
            <Button
              type="submit"
              loading={addScheme.isPending || updateScheme.isPending}
              loadingText="Saving..."
            >
              {isNew ? 'Add scheme' : 'Save scheme'}
            </Button>
          </div>
        </div>
        <LivePreview />
      </div>
    </Form>
  );
}

/** Colour schemes: pick one to edit it with a live preview of a public page; add; make default. */
export function ColorSchemesTab({ config }: TabProps) {
  const [selected, setSelected] = useState<string>(config.defaultColorScheme);
  const { updateScheme } = useSiteConfigWrites();
  const toast = useToast();
  const scheme = selected === '' ? NEW_SCHEME : config.colorSchemes.find((s) => s.id === selected);
  return (
    <div className="admin-section-plain">
      <div className="admin-tab-header">
        <h2 id="schemes-title" className="admin-section__title">
          Colour schemes
        </h2>
        <Button variant="secondary" onClick={() => setSelected('')}>
          Add scheme
        </Button>
      </div>
      <ul className="scheme-list" aria-label="Colour schemes">
        {config.colorSchemes.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              className="scheme-list__item"
              aria-pressed={s.id === selected}
              onClick={() => setSelected(s.id)}
            >
              <span className="scheme-list__swatches" aria-hidden="true">
                {COLOUR_FIELDS.map(([key]) => (
                  <span key={key} style={{ background: s[key] }} />
                ))}
              </span>
              <span>{s.name}</span>
              {s.isDefault && <Badge tone="brand">Default</Badge>}
              {!s.isActive && <Badge tone="warning">Inactive</Badge>}
            </button>
          </li>
        ))}
      </ul>
      {scheme && !scheme.isDefault && scheme.id !== '' && (
        <Button
          variant="ghost"
          size="sm"
          disabled={updateScheme.isPending}
          onClick={() =>
            updateScheme.mutate(
              { schemeId: scheme.id, isDefault: true },
              {
                onSuccess: () => toast.success(`${scheme.name} is now the default scheme`),
                onError: (error) => toast.error(errorMessage(error)),
              },
            )
          }
        >
          Make {scheme.name} the default
        </Button>
      )}
      {scheme ? (
        <SchemeEditor key={`${scheme.id}:${config.version}`} scheme={scheme} onSaved={setSelected} />
      ) : (
        <p className="admin-note">Choose a scheme to edit it.</p>
      )}
    </div>
  );
}
