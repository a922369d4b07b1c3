import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { ImageOrPlaceholder } from './image-or-placeholder';

interface ImageCardProps {
  /** The item's image; the placeholder shows when it has none. */
  imageUrl: string | null | undefined;
  /** A fixed height (the image is cropped to fill it) or a cap on the height. */
  imageSize: { height: number } | { maxHeight: number };
  children: ReactNode;
}

/**
 * A card with the item's image on top. The image is decorative (alt ''): the card's title, inside `children`,
 * names the item.
 */
export function ImageCard({ imageUrl, imageSize, children }: ImageCardProps) {
  return (
    <Card className="h-100 shadow-sm">
      <ImageOrPlaceholder src={imageUrl} alt="" className="card-img-top" style={{ ...imageSize, objectFit: 'cover' }} />
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
