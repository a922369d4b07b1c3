import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { ImageCard } from '@/components/images/image-card';
import { OutsideLink } from '@/components/links/outside-link';
import { type EducationItem, educationItemLink } from '@/lib/education';

/** The spec's height of an education card's image. */
const EDUCATION_IMAGE_HEIGHT = 200;

function ItemTitle({ item }: { item: EducationItem }) {
  const link = educationItemLink(item);
  if (!link) return item.title;
  // The stretched link makes the whole card clickable while the title alone names it.
  return link.external ? (
    <OutsideLink href={link.href} className="stretched-link">
      {item.title}
    </OutsideLink>
  ) : (
    <Link to={link.href} className="stretched-link">
      {item.title}
    </Link>
  );
}

/** An education item in a list: its image and its title, leading to the item (or straight out, for a bare link). */
export function EducationCard({ item }: { item: EducationItem }) {
  return (
    <ImageCard imageUrl={item.imageUrl} imageSize={{ height: EDUCATION_IMAGE_HEIGHT }}>
      <Card.Title as="h3" className="h6 mb-0">
        <ItemTitle item={item} />
      </Card.Title>
    </ImageCard>
  );
}
