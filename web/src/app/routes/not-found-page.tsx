import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { Head } from '@/components/seo/head';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <Container className="py-5 text-center">
      <Head title="Page not found" />
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <Link to={paths.home.path}>Go to the homepage</Link>
    </Container>
  );
}
