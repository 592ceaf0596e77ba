import { PLACES_MAX_IMPORTED_PHOTOS, type PlaceImportField } from '@brigade/domain/places';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Checkbox } from '@brigade/ui/components/checkbox';
import { Dialog } from '@brigade/ui/components/dialog';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { errorText } from '../domains/error-text';
import { Attributions } from './place-parts';
import { useImportPreview, usePlaceDetails, usePlaceLinkMutations } from './queries';

const LABELS: Record<PlaceImportField, string> = {
  hours: 'Hours',
  phone: 'Phone',
  website: 'Website',
  address: 'Address',
  coordinates: 'Coordinates',
  photos: 'Photos',
};

/** The authors of the photos an import would copy (Google's terms: shown with the photos). */
function PhotoAuthors({ placeId }: { placeId: string }) {
  const details = usePlaceDetails(placeId);
  const photos = (details.data?.photos ?? []).slice(0, PLACES_MAX_IMPORTED_PHOTOS);
  return (
    <ul className="places-diff__authors" aria-label="Photo authors">
      {photos.map((photo) => (
        <li key={photo.name}>
          <Attributions authors={photo.authorAttributions} />
        </li>
      ))}
    </ul>
  );
}

/** A diff value as short text (hours a line a day, an address on one line, photos by count). */
function show(field: PlaceImportField, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Not set';
  if (typeof value === 'string') return value;
  if (field === 'photos' && Array.isArray(value))
    return `${value.length} photo${value.length === 1 ? '' : 's'}`;
  if (field === 'coordinates' && typeof value === 'object') {
    const { latitude, longitude } = value as { latitude: number; longitude: number };
    return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
  }
  if (field === 'hours' && typeof value === 'object') {
    type Day = { open: string; close: string; closed: boolean; spans?: { open: string; close: string }[] };
    // Each of a day's spans (decision 030); a day without spans is one, open to close.
    const spans = (h: Day) => (h.spans?.length ? h.spans : [h]).map((s) => `${s.open}–${s.close}`).join(', ');
    return Object.entries(value as Record<string, Day>)
      .map(([day, h]) => `${day.slice(0, 3)} ${h.closed ? 'closed' : spans(h)}`)
      .join(' · ');
  }
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>)
      .filter(Boolean)
      .join(', ');
  return String(value);
}

/** "Import from Google": the per-field diff, a checkbox per field; Import writes only the checked ones. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const preview = useImportPreview(true);
  const { importFields } = usePlaceLinkMutations();
  const toast = useToast();
  const [chosen, setChosen] = useState<PlaceImportField[]>([]);
  const toggle = (field: PlaceImportField, on: boolean) =>
    setChosen((now) => (on ? [...now, field] : now.filter((f) => f !== field)));
  const submit = async () => {
    try {
      await importFields.mutateAsync(chosen);
      toast.success(`Imported ${chosen.map((f) => LABELS[f].toLowerCase()).join(', ')} from Google`);
      onClose();
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button disabled={chosen.length === 0} loading={importFields.isPending} onClick={() => void submit()}>
        Import {chosen.length > 0 ? `${chosen.length} field${chosen.length === 1 ? '' : 's'}` : ''}
      </Button>
    </>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Import from Google"
      size="lg"
      footer={footer}
      description="Choose what to copy from the Google listing. Nothing else on the restaurant changes."
    >
      {preview.isPending ? (
        <SkeletonRows count={6} label="Comparing with Google" />
      ) : preview.isError ? (
        <Alert tone="error" title="The listing could not be compared">
          {errorText(preview.error)}
        </Alert>
      ) : (
        <ul className="places-diff" aria-label="Fields">
          {preview.data.fields.map((row) => (
            <li key={row.field} className="places-diff__row">
              <Checkbox
                label={LABELS[row.field]}
                checked={chosen.includes(row.field)}
                disabled={!row.available}
                onChange={(e) => toggle(row.field, e.target.checked)}
              />
              <div className="places-diff__values">
                <span>
                  <span className="places-diff__label">Now:</span> {show(row.field, row.current)}
                </span>
                <span>
                  <span className="places-diff__label">Google:</span>{' '}
                  {row.available ? show(row.field, row.place) : 'Not on Google'}
                  {row.available && !row.changed && ' (same)'}
                </span>
                {row.field === 'photos' && row.available && <PhotoAuthors placeId={preview.data.placeId} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
