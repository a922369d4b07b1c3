import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ImageCard } from '@/components/images/image-card';
import { OutsideLink } from '@/components/links/outside-link';
import { Html } from '@/components/ui/html';
import { PageSpinner } from '@/components/ui/spinner';
import { usePortfolio } from '../api/portfolio';
import { assetLabel } from '../portfolio-rules';

/** The spec's cap on the height of an image in the simple portfolio. */
const SIMPLE_IMAGE_MAX_HEIGHT = 350;
const NO_ASSETS = 'No assets to show yet.';

/** The portfolio of a portal without fund filters: cards in two columns, in the CMS's order. */
export function SimplePortfolio() {
  const { data: assets } = usePortfolio();
  if (!assets) return <PageSpinner />;
  if (assets.length === 0) return <p>{NO_ASSETS}</p>;
  return (
    <Row as="ul" xs={1} md={2} className="list-unstyled g-4">
      {assets.map((asset) => (
        <Col as="li" key={asset.id}>
          <ImageCard imageUrl={asset.imageUrl} imageSize={{ maxHeight: SIMPLE_IMAGE_MAX_HEIGHT }}>
            <Card.Title as="h2" className="h4">
              {assetLabel(asset)}
            </Card.Title>
            {asset.url && (
              <p>
                <OutsideLink href={asset.url} className="text-break">
                  {asset.url}
                </OutsideLink>
              </p>
            )}
            <Html html={asset.description} />
          </ImageCard>
        </Col>
      ))}
    </Row>
  );
}
