import { ContentLayout } from '@/components/layouts/content-layout';
import { SubscribeBlock } from '@/components/subscribe/subscribe-block';
import { educationLabel } from '@/lib/portal/portal';
import { usePortal } from '@/lib/portal/portal-context';
import { EducationSection } from '../components/education-section';
import '../education.css';

/** Videos and papers, each paged on its own, then the newsletter sign-up. */
function EducationListing({ title }: { title: string }) {
  return (
    <>
      <ContentLayout title={title}>
        <EducationSection title="Videos" kind="video" emptyText="No videos yet." />
        <EducationSection title="Papers" kind="other" emptyText="No papers yet." />
      </ContentLayout>
      <SubscribeBlock />
    </>
  );
}

/** /education, named as the portal names its education section. */
export function EducationPage() {
  const { portal } = usePortal();
  return <EducationListing title={educationLabel(portal)} />;
}

/** /news: the same listing under another name. */
export function NewsPage() {
  return <EducationListing title="News" />;
}
