import { Flex, Link } from '@strapi/design-system';
import { NavLink } from 'react-router-dom';

/** The kinds of an investor's documents the desk opens (GET /sponsor-desk/documents/:kind/:documentId), as staff read them. */
const DOCUMENT_KINDS = { proof: 'Proofs', tax: 'Tax', news: 'News', agreement: 'Agreements' } as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** Where the desk shows one investor (the Investors tab, opened on them; `kind` brings that kind of document into view). */
const investorPage = (documentId: string, kind?: DocumentKind) => ({
  pathname: '/sponsor-desk',
  search: `?${new URLSearchParams({ tab: 'investors', investor: documentId, ...(kind && { kind }) }).toString()}`,
});

/** A link per kind of the investor's documents, each opening them in the panel (no page reload). */
export function DocumentLinks({ documentId, name }: { documentId: string; name: string }) {
  return (
    <Flex gap={2} wrap="wrap">
      {Object.entries(DOCUMENT_KINDS).map(([kind, label]) => (
        <Link
          key={kind}
          tag={NavLink}
          to={investorPage(documentId, kind as DocumentKind)}
          aria-label={`${label} of ${name}`}
        >
          {label}
        </Link>
      ))}
    </Flex>
  );
}
