/**
 * Images' face to the other areas of core (issue 49 §1; docs/behaviour/images.md): upload and delete an image,
 * and the sweep of abandoned uploads.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { deleteImage, type ImageDeps, uploadImage } from './image-service';
export { type SweepResult, sweepAbandonedUploads } from './upload-sweep';
