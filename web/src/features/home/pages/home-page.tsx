import Container from 'react-bootstrap/Container';
import { ContentViewer } from '@/components/content/content-viewer';
import { Head } from '@/components/seo/head';
import { HeaderBottom } from '../components/header-bottom';
import '../home.css';

/** The homepage's content items in page order; the first is the hero, shown in the header-bottom section. */
const HOMEPAGE_SLUGS = ['homepage-hero', 'homepage-intro', 'homepage-how-it-works', 'homepage-cta'] as const;
/** The welcome variant puts its own hero and intro before the homepage's items. */
const WELCOME_SLUGS = ['welcome-hero', 'welcome-intro', ...HOMEPAGE_SLUGS] as const;

interface HomeContentProps {
  title: string;
  /** The hero first, then the page's other content items in order. */
  slugs: readonly [string, ...string[]];
}

function HomeContent({ title, slugs: [heroSlug, ...blockSlugs] }: HomeContentProps) {
  return (
    <>
      <Head title={title} />
      <HeaderBottom heroSlug={heroSlug} />
      <Container className="py-5">
        {blockSlugs.map((slug) => (
          <ContentViewer key={slug} slug={slug} className="home-block" />
        ))}
      </Container>
    </>
  );
}

/** The public homepage, at / and /homepage. */
export function HomePage() {
  return <HomeContent title="Home" slugs={HOMEPAGE_SLUGS} />;
}

/** The homepage in its welcome variant (the router offers it on wasabistallions only). */
export function WelcomePage() {
  return <HomeContent title="Welcome" slugs={WELCOME_SLUGS} />;
}
