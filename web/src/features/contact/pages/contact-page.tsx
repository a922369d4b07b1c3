import Container from 'react-bootstrap/Container';
import { Head } from '@/components/seo/head';

/** The spec's contact page, which shows only the word contact. */
export function ContactPage() {
  return (
    <Container className="py-5">
      <Head title="Contact" />
      <h1>contact</h1>
    </Container>
  );
}
