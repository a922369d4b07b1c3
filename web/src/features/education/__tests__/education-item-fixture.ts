import type { EducationItem } from '@/lib/education';

/** A published paper titled `title`, its slug made from the title; override what a test is about. */
export function educationItemFixture(title: string, overrides: Partial<EducationItem> = {}): EducationItem {
  const slug = title.toLowerCase().replace(/\W+/g, '-');
  return {
    id: 0,
    documentId: slug,
    title,
    slug,
    type: 'post',
    url: null,
    listLinkHref: null,
    body: `<p>About ${title}.</p>`,
    imageUrl: `https://img.example.com/${slug}.jpg`,
    sortOrder: 0,
    isFeatured: false,
    displayOnPortfolio: false,
    displayOnHomepage: false,
    createdAt: '2025-01-01T00:00:00Z',
    fundName: null,
    ...overrides,
  };
}
