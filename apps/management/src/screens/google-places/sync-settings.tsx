import type { Jsonify } from '@brigade/api-client/client';
import { updateRestaurant } from '@brigade/contracts/restaurants';
import { type PlatformSync, SYNC_FREQUENCIES, type SYNC_STATUSES } from '@brigade/domain/platform-sync';
import { SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { Form, FormError, useFieldValue } from '@brigade/ui/app-kit/form';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { useCan } from '../../restaurant-context';
import { useUpdateRestaurant } from '../restaurant/queries';

const FREQUENCY_LABELS: Record<(typeof SYNC_FREQUENCIES)[number], string> = {
  hourly: 'Every hour',
  daily: 'Every day',
  weekly: 'Every week',
};
const FREQUENCY_OPTIONS = SYNC_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

/**
 * The listing platforms of a restaurant's platform sync, as people know them. The Google Business Profile is left out: its
 * connection is its own (the Business Profile screen), not this document's entry.
 */
const PLATFORM_NAMES = {
  googlePlaces: 'Google Maps place',
  yelp: 'Yelp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  appleMaps: 'Apple Maps',
  doordash: 'DoorDash',
  ubereats: 'Uber Eats',
} as const satisfies Partial<Record<keyof PlatformSync['platforms'], string>>;

const syncFormSchema = z.object({
  autoSync: z.boolean(),
  syncFrequency: z.enum(SYNC_FREQUENCIES),
});

/**
 * The restaurant's platform sync settings (issue 45 item 14): whether the linked place is checked for changes
 * by itself and how often (the housekeeping re-sync reads `autoSync` and `syncFrequency`), and where each
 * listing platform stands. Saving sends only these two settings: the server merges platforms by name, so
 * the place link and the other connections stay as they are.
 */
export function SyncSettings({ sync }: { sync: Jsonify<PlatformSync> }) {
  const canSave = useCan(updateRestaurant);
  const update = useUpdateRestaurant();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(syncFormSchema, {
    values: { autoSync: sync.autoSync, syncFrequency: sync.syncFrequency },
  });
  const save = async (values: z.output<typeof syncFormSchema>) => {
    setFormError(null);
    try {
      await update.mutateAsync({ platformSync: { ...values, enabled: sync.enabled, platforms: {} } });
      toast.success('Sync settings saved');
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };
  return (
    <Card title="Sync settings" titleAs="h2">
      <Form form={form} onSubmit={save} readOnly={!canSave} label="Sync settings">
        <FormError message={formError} />
        <SwitchField
          name="autoSync"
          label="Check Google for changes automatically"
          hint="Changes found are listed under “Differs from Google”; nothing is overwritten until you import."
        />
        <FrequencyField />
        {canSave && (
          <div className="places-actions">
            <Button type="submit" loading={update.isPending} loadingText="Saving...">
              Save sync settings
            </Button>
          </div>
        )}
      </Form>
      <PlatformList sync={sync} />
      <p className="places-note">
        The Google Business Profile (reviews, replies, posts) connects on{' '}
        <Link to="/google-business">its own screen</Link>.
      </p>
    </Card>
  );
}

function FrequencyField() {
  const automatic = useFieldValue<boolean>('autoSync');
  return (
    <SelectField name="syncFrequency" label="How often" options={FREQUENCY_OPTIONS} disabled={!automatic} />
  );
}

/** Each platform's state: connected ones with their status and last sync, the others not connected. */
function PlatformList({ sync }: { sync: Jsonify<PlatformSync> }) {
  const entries = Object.entries(PLATFORM_NAMES) as [keyof typeof PLATFORM_NAMES, string][];
  return (
    <dl className="places-facts places-platforms" aria-label="Listing platforms">
      {entries.map(([key, name]) => {
        const entry = sync.platforms[key];
        const last = entry && 'lastSyncAt' in entry ? (entry.lastSyncAt ?? entry.lastSync) : entry?.lastSync;
        return (
          <div key={key} className="places-platform">
            <dt>{name}</dt>
            <dd>{entry?.enabled ? connectedText(entry.syncStatus, last) : 'Not connected'}</dd>
          </div>
        );
      })}
    </dl>
  );
}

const STATUS_WORDS: Record<(typeof SYNC_STATUSES)[number], string | null> = {
  connected: null,
  idle: null,
  syncing: 'syncing',
  completed: 'synced',
  error: 'the last sync failed',
};

/** "Connected · synced · last sync 12/6/2026, 1:41 PM" */
function connectedText(status: (typeof SYNC_STATUSES)[number], last: string | undefined) {
  return ['Connected', STATUS_WORDS[status], last ? `last sync ${new Date(last).toLocaleString()}` : null]
    .filter(Boolean)
    .join(' · ');
}
