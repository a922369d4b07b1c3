import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { Head } from '@/components/seo/head';

/** A page with its title as both the tab title and the main heading. */
export function ContentLayout({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container className="py-5">
      <Head title={title} />
      <h1 className="h3 mb-4">{title}</h1>
      {children}
    </Container>
  );
}
