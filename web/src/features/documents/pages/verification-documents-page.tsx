import { Link } from 'react-router-dom';
import { FileList } from '@/components/file-list/file-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { downloadPaths, useProofDocuments } from '../api/documents';
import { ProofUpload } from '../components/proof-upload';

/** /verification_documents: upload proof of accreditation, the documents uploaded so far, and the related pages. */
export function VerificationDocumentsPage() {
  const { data, mutate } = useProofDocuments();

  return (
    <ContentLayout title="Verification Documents">
      <p>Upload the documents that prove your accreditation status, as PDF files or images.</p>
      <ProofUpload onSaved={() => void mutate()} />
      <FileList files={data} label="Verification documents" downloadPath={downloadPaths.proof} />
      <nav aria-label="Related pages" className="mt-4">
        <ul className="list-inline">
          <li className="list-inline-item">
            <Link to={paths.accreditationStatus.path}>Accreditation Status</Link>
          </li>
          <li className="list-inline-item">
            <Link to={paths.profile.path}>Profile</Link>
          </li>
          <li className="list-inline-item">
            <Link to={paths.taxDocuments.path}>Tax Documents</Link>
          </li>
        </ul>
      </nav>
    </ContentLayout>
  );
}
