// /termscondition: the admin's view of the Terms of Use, editable; /terms_conditions shows it.
import { text } from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import { useTerms } from '../api.js';
import { ContentEditor } from './ContentEditor.js';

export default function TermsAdminPage() {
  return <ContentEditor pageKey="terms" title={text.termsOfUse} publicRoute={routes.terms} query={useTerms()} />;
}
