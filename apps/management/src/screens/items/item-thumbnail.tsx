import { parseOptimizedImage } from '@brigade/domain/images';
import { ResponsiveImage } from '@brigade/ui/images/responsive-image';

/** An item's photo in the list, small; a quiet placeholder when it has none. */
export function ItemThumbnail({ imageUrl }: { imageUrl: string | null | undefined }) {
  if (!imageUrl) return <span className="cat-thumb cat-thumb--empty" aria-hidden="true" />;
  return (
    <ResponsiveImage
      image={parseOptimizedImage(imageUrl) ?? imageUrl}
      alt=""
      targetWidth={96}
      className="cat-thumb"
    />
  );
}
