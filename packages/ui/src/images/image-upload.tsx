import { fileTooLargeMessage, type OptimizedImage, parseOptimizedImage } from '@brigade/domain/images';
import { type DragEvent, useId, useState } from 'react';
import { Button } from '../components/button';
import { ResponsiveImage } from './responsive-image';

export interface ImageUploadProps {
  /** The current image as an OptimizedImage JSON string (or a URL), or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  tenantId?: number;
  restaurantId?: number;
  folder?: string;
  preset?: 'default' | 'hero';
  maxSizeMb?: number;
  /** Where the API lives ('' for the same origin). */
  apiBaseUrl?: string;
  label?: string;
}

interface UploadStats {
  originalSize: number;
  finalSize: number;
  sizes: number;
  webp: boolean;
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;

/** Sends the form with XMLHttpRequest, the one browser API that reports upload progress. */
function send(url: string, form: FormData, onProgress: (percent: number) => void): Promise<OptimizedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { data?: OptimizedImage; detail?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300 && body.data) resolve(body.data);
      else reject(new Error(body.detail || 'Upload failed'));
    };
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.send(form);
  });
}

/** The sizes of an upload for the stats panel: responsive sizes are widths, each in WebP and JPEG. */
function statsOf(file: File, image: OptimizedImage): UploadStats {
  const variants = image.variants ?? {};
  const widths = [...(variants.small ?? []), ...(variants.medium ?? []), ...(variants.large ?? [])].map(
    (v) => v.width,
  );
  return {
    originalSize: file.size,
    finalSize: image.original.size,
    sizes: new Set(widths).size,
    webp: image.webp !== undefined,
  };
}

/** The control's work: upload a file (too large: refused here), remove the image, and their states. */
function useImageUpload({
  value,
  onChange,
  tenantId,
  restaurantId,
  folder,
  preset = 'default',
  maxSizeMb = 10,
  apiBaseUrl = '',
}: ImageUploadProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stats, setStats] = useState<UploadStats | null>(null);

  async function upload(file: File) {
    setError(null);
    if (file.size > maxSizeMb * 1024 * 1024) {
      setError(fileTooLargeMessage(maxSizeMb));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    if (tenantId !== undefined) form.append('tenantId', String(tenantId));
    if (restaurantId !== undefined) form.append('restaurantId', String(restaurantId));
    if (folder) form.append('folder', folder);
    if (preset === 'hero') form.append('preset', 'hero');
    setProgress(0);
    try {
      const image = await send(`${apiBaseUrl}/api/v1/images`, form, setProgress);
      setStats(statsOf(file, image));
      onChange(JSON.stringify(image));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Upload failed');
    } finally {
      setProgress(null);
    }
  }

  async function remove() {
    if (value) {
      try {
        await fetch(`${apiBaseUrl}/api/v1/images`, {
          method: 'DELETE',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ image: value }),
        });
      } catch {
        // A delete failure clears the image anyway.
      }
    }
    setStats(null);
    onChange(null);
  }

  return { upload, remove, progress, error, stats };
}

/**
 * The optimised image upload control: click or drop, progress bar, "Optimizing for web
 * performance...", preview (width 400) with an "Optimized" badge, Remove, an error line and a stats panel.
 * The server does the optimisation; a failed delete clears the image anyway.
 */
export function ImageUpload(props: ImageUploadProps) {
  const { value, label = 'Upload an image' } = props;
  const { upload, remove, progress, error, stats } = useImageUpload(props);
  const optimized = value ? parseOptimizedImage(value) : null;
  return (
    <div className="ui-image-upload" data-testid="image-upload">
      {value ? (
        <div className="ui-image-upload__preview">
          <ResponsiveImage
            image={optimized ?? value}
            alt="Uploaded image"
            targetWidth={400}
            loading="eager"
          />
          {optimized && <span className="ui-badge ui-image-upload__badge">Optimized</span>}
          <Button variant="danger" size="sm" onClick={() => void remove()}>
            Remove
          </Button>
        </div>
      ) : (
        <DropZone label={label} onFile={(file) => void upload(file)} />
      )}
      {progress !== null && (
        <div className="ui-image-upload__progress" role="status">
          <progress max={100} value={progress} aria-label="Upload progress" />
          <p>Optimizing for web performance...</p>
        </div>
      )}
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
      {stats && <UploadStatsPanel stats={stats} />}
    </div>
  );
}

/** Click (the file picker) or drop a file here. */
function DropZone({ label, onFile }: { label: string; onFile: (file: File) => void }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <label
      htmlFor={inputId}
      className="ui-image-upload__drop"
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <span className="ui-image-upload__label">{label}</span>
      <span className="ui-image-upload__hint">A photo up to 10 MB, resized and compressed for the web</span>
      {/* visually hidden, not `hidden`: the input stays in the tab order (Enter/Space opens the picker) */}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="ui-visually-hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </label>
  );
}

function UploadStatsPanel({ stats }: { stats: UploadStats }) {
  return (
    <dl className="ui-image-upload__stats" data-testid="image-stats">
      <div>
        <dt>Size reduced</dt>
        <dd>{Math.max(0, Math.round((1 - stats.finalSize / stats.originalSize) * 100))}%</dd>
      </div>
      <div>
        <dt>Final size</dt>
        <dd>{formatBytes(stats.finalSize)}</dd>
      </div>
      <div>
        <dt>Responsive sizes</dt>
        <dd>{stats.sizes}</dd>
      </div>
      <div>
        <dt>WebP</dt>
        <dd>{stats.webp ? 'Yes' : 'No'}</dd>
      </div>
    </dl>
  );
}
