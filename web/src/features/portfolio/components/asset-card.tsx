import Card from 'react-bootstrap/Card';
import { ImageCard } from '@/components/images/image-card';
import { OutsideLink } from '@/components/links/outside-link';
import type { PortfolioAsset } from '../api/portfolio';
import { assetLabel } from '../portfolio-rules';

/** The spec's height of a portfolio card's image. */
const ASSET_IMAGE_HEIGHT = 250;

/** An asset of a fund: the whole card opens the asset's own page in a new tab. */
export function AssetCard({ asset }: { asset: PortfolioAsset }) {
  const label = assetLabel(asset);
  return (
    <ImageCard imageUrl={asset.imageUrl} imageSize={{ height: ASSET_IMAGE_HEIGHT }}>
      <Card.Title as="h3" className="h6 mb-1">
        {asset.url ? (
          <OutsideLink href={asset.url} className="stretched-link">
            {label}
          </OutsideLink>
        ) : (
          label
        )}
      </Card.Title>
      {asset.assetType && <Card.Subtitle className="small text-body-secondary">{asset.assetType}</Card.Subtitle>}
      {asset.ownershipInfoString && <p className="small mt-2 mb-0">{asset.ownershipInfoString}</p>}
      {asset.isExitedAsset && asset.soldInfoNote && <p className="small fst-italic mt-2 mb-0">{asset.soldInfoNote}</p>}
    </ImageCard>
  );
}
