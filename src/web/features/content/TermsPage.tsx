// The public Terms & Conditions (/terms_conditions): the text the administrators keep.
import { text } from '../../../contract/messages.js';
import { useTerms } from './api.js';
import { ContentTextPage } from './ContentTextPage.js';

export default function TermsPage() {
  return <ContentTextPage heading={text.termsHeading} query={useTerms()} />;
}
