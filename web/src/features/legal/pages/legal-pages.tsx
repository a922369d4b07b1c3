import Container from 'react-bootstrap/Container';
import { ContentViewer } from '@/components/content/content-viewer';
import { Head } from '@/components/seo/head';

/**
 * A page that is one content item. The item shows its own title, so that editors can change it in place;
 * the page's main heading is therefore for screen readers only.
 */
function ContentPage({ title, slug }: { title: string; slug: string }) {
  return (
    <Container className="py-5">
      <Head title={title} />
      <h1 className="visually-hidden">{title}</h1>
      <ContentViewer slug={slug} />
    </Container>
  );
}

export function PrivacyPolicyPage() {
  return <ContentPage title="Privacy Policy" slug="privacy-policy" />;
}

export function TermsOfUsePage() {
  return <ContentPage title="Terms of Use" slug="terms-of-use" />;
}
