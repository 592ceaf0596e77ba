import { isProblemError } from '@brigade/api-client/problem-error';
import { createWebsitePreview } from '@brigade/contracts/website-preview';
import type { WebsiteConfig } from '@brigade/domain/website-config';
import { Button } from '@brigade/ui/components/button';
import { Spinner } from '@brigade/ui/components/spinner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/** How long typing pauses before the preview is drawn again. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** Wide screens show the preview beside the form from the start; phones behind "Show preview". */
const WIDE = '(min-width: 70rem)';

/** A value that follows `value` once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The public home page as the unsaved draft would make it (docs/decisions/032-website-preview.md): the
 * server validates the draft like a save, seals it into a short-lived preview id, and the page at that id
 * is drawn by the public site's own renderer. It loads in a sandboxed frame (no scripts, an opaque origin)
 * from this origin. Nothing is saved.
 */
export function WebsitePreview() {
  const [open, setOpen] = useState(() => window.matchMedia?.(WIDE).matches ?? true);
  return (
    <section className="website-preview" aria-labelledby="website-preview-title" data-open={open}>
      <div className="website-preview__bar">
        <h2 id="website-preview-title" className="website-preview__title">
          Preview
        </h2>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls="website-preview-body"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide preview' : 'Show preview'}
        </Button>
      </div>
      {open && <PreviewBody />}
    </section>
  );
}

function PreviewBody() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const { control } = useFormContext<WebsiteConfig>();
  const draft = JSON.stringify(useWatch({ control }));
  const settled = useSettled(draft, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: restaurantKey(restaurantId, 'website-preview', settled),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(createWebsitePreview, {
          params: { tenantId, restaurantId },
          body: { websiteConfig: JSON.parse(settled) as WebsiteConfig },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5 * 60_000,
  });
  // the last page drawn stays (dimmed) while a newer draft is drawn or cannot be
  const [path, setPath] = useState<string | null>(null);
  const latest = preview.data?.path;
  useEffect(() => {
    if (latest) setPath(latest);
  }, [latest]);
  const [shown, setShown] = useState<string | null>(null);
  const updating = draft !== settled || preview.isFetching || (!!path && shown !== path);
  return (
    <div id="website-preview-body" className="website-preview__body">
      <p className="website-preview__status" role="status" aria-live="polite">
        {preview.isError
          ? 'The preview is not up to date.'
          : updating
            ? 'Updating preview...'
            : 'Up to date. Nothing is saved until you save.'}
        {updating && !preview.isError && <Spinner />}
      </p>
      {preview.isError && <PreviewProblem error={preview.error} />}
      {path ? (
        <iframe
          className="website-preview__frame"
          data-updating={updating || preview.isError || undefined}
          title="Preview of the public home page"
          src={path}
          // no allow-scripts, no allow-same-origin: the page runs nothing and reaches nothing of this app
          sandbox=""
          onLoad={() => setShown(path)}
        />
      ) : (
        !preview.isError && <div className="website-preview__placeholder">Drawing the preview...</div>
      )}
    </div>
  );
}

/** Why the draft cannot be previewed: the form's own messages (the same a save gives), or the failure. */
function PreviewProblem({ error }: { error: unknown }) {
  const messages =
    isProblemError(error) && error.errors.length > 0
      ? [...new Set(error.errors.map((e) => e.message))]
      : [error instanceof Error ? error.message : 'The preview could not be drawn.'];
  return (
    <div className="website-preview__problem" role="alert">
      <p>The preview shows again once these are fixed:</p>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
