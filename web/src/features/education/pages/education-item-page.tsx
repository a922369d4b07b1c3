import { useEffect } from 'react';
import Container from 'react-bootstrap/Container';
import Ratio from 'react-bootstrap/Ratio';
import { useParams } from 'react-router-dom';
import { RetryView } from '@/components/errors/retry-view';
import { ContentLayout } from '@/components/layouts/content-layout';
import { OutsideLink } from '@/components/links/outside-link';
import { Head } from '@/components/seo/head';
import { Html } from '@/components/ui/html';
import { PageSpinner } from '@/components/ui/spinner';
import { type EducationItem, linkOnlyUrl } from '@/lib/education';
import { useEducationItem } from '../api/education-item';
import { leaveSiteFor } from '../leave-site';
import { youTubeEmbedUrl, youTubeVideoId } from '../youtube';
import '../education.css';

const ITEM_NOT_FOUND = 'Not found';
const ITEM_LOAD_FAILED = 'This item could not be loaded. Check your connection and try again.';

function EducationItemView({ item }: { item: EducationItem }) {
  const outside = linkOnlyUrl(item);
  // A link without a body has nothing to show here, so the visitor goes on to the page it names.
  useEffect(() => {
    if (outside) leaveSiteFor(outside);
  }, [outside]);

  const titleUrl = item.type === 'link' ? item.url?.trim() || item.listLinkHref?.trim() : null;
  const videoId = item.type === 'video' ? youTubeVideoId(item.url) : null;
  return (
    <Container className="py-5">
      <Head title={item.title} />
      <h1 className="h2 mb-4">{titleUrl ? <OutsideLink href={titleUrl}>{item.title}</OutsideLink> : item.title}</h1>
      {videoId && (
        <Ratio aspectRatio="16x9" className="mb-4">
          <iframe
            src={youTubeEmbedUrl(videoId)}
            title={item.title}
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </Ratio>
      )}
      <Html html={item.body} className="education-item-body" />
    </Container>
  );
}

/** One education item (/education/:slug). */
export function EducationItemPage() {
  const { slug = '' } = useParams();
  const { data: item, error, isValidating, mutate } = useEducationItem(slug);
  if (error && !isValidating) return <RetryView message={ITEM_LOAD_FAILED} onRetry={() => mutate()} />;
  if (item === undefined) return <PageSpinner />;
  if (item === null) return <ContentLayout title={ITEM_NOT_FOUND} />;
  return <EducationItemView item={item} />;
}
