// The public Privacy Policy (/Privacy_Policy): the text the administrators keep.
import { text } from '../../../contract/messages.js';
import { usePrivacy } from './api.js';
import { ContentTextPage } from './ContentTextPage.js';

export default function PrivacyPage() {
  return <ContentTextPage heading={text.privacyHeading} query={usePrivacy()} />;
}
