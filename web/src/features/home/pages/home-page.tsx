import Container from 'react-bootstrap/Container';
import { Head } from '@/components/seo/head';
import { usePortal } from '@/lib/portal/portal-context';

/** The public homepage. The hero is a placeholder until the content blocks arrive. */
export function HomePage() {
  const { portal, selectedPageTitle } = usePortal();
  return (
    <>
      <Head title="Home" />
      <section className="bg-body-tertiary py-5 text-center">
        <Container>
          <h1 className="display-5">{portal.name}</h1>
          {selectedPageTitle !== portal.name && <p className="lead text-primary mb-0">{selectedPageTitle}</p>}
        </Container>
      </section>
    </>
  );
}
