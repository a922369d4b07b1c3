import type { ComponentType } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { ContentViewer } from '@/components/content/content-viewer';
import { usePortal } from '@/lib/portal/portal-context';
import { portalVariant } from '@/lib/portal-variant';

interface HeaderBottomProps {
  /** The content item shown as the page's hero. */
  heroSlug: string;
}

/** The portal's name as the page's main heading, with its page title when that says something more. */
function PortalHeading() {
  const { portal, selectedPageTitle } = usePortal();
  return (
    <>
      <h1 className="display-5">{portal.name}</h1>
      {selectedPageTitle !== portal.name && <p className="lead">{selectedPageTitle}</p>}
    </>
  );
}

/** The portal's name and the hero, centred on a full-width section styled by `className`. */
function CentredHeaderBottom({ heroSlug, className }: HeaderBottomProps & { className: string }) {
  return (
    <section className={`header-bottom ${className} py-5 text-center`}>
      <Container>
        <PortalHeading />
        <ContentViewer slug={heroSlug} className="header-bottom-hero mx-auto" />
      </Container>
    </section>
  );
}

/** A full-width band in the portal colour. */
function BandHeaderBottom({ heroSlug }: HeaderBottomProps) {
  return <CentredHeaderBottom heroSlug={heroSlug} className="header-bottom-band" />;
}

/** Two halves: the portal's name on its colour, the hero beside it on a light panel edged in the secondary colour. */
function SplitHeaderBottom({ heroSlug }: HeaderBottomProps) {
  return (
    <section className="header-bottom header-bottom-split">
      <Row className="g-0">
        <Col md={5} className="split-brand d-flex flex-column justify-content-center p-5">
          <PortalHeading />
        </Col>
        <Col md={7} className="split-hero d-flex align-items-center p-5">
          <ContentViewer slug={heroSlug} />
        </Col>
      </Row>
    </section>
  );
}

/** For portals without a design of their own: a quiet light section. */
function PlainHeaderBottom({ heroSlug }: HeaderBottomProps) {
  return <CentredHeaderBottom heroSlug={heroSlug} className="header-bottom-plain bg-body-tertiary" />;
}

const HEADER_BOTTOMS: Record<string, ComponentType<HeaderBottomProps>> = {
  wasabistallions: BandHeaderBottom,
  oakharbor: SplitHeaderBottom,
};

/** The section right under the header on the home pages, in the selected portal's own design. */
export function HeaderBottom({ heroSlug }: HeaderBottomProps) {
  const { selectedSlug } = usePortal();
  const Variant = portalVariant(HEADER_BOTTOMS, selectedSlug, PlainHeaderBottom);
  return <Variant heroSlug={heroSlug} />;
}
