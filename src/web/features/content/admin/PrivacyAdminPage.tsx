// /privacypolicy: the admin's view of the privacy text, editable; /Privacy_Policy shows it.
import { text } from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import { usePrivacy } from '../api.js';
import { ContentEditor } from './ContentEditor.js';

export default function PrivacyAdminPage() {
  return (
    <ContentEditor pageKey="privacy" title={text.privacyHeading} publicRoute={routes.privacy} query={usePrivacy()} />
  );
}
