// The header's link to /Messages_new: a speech bubble and the word Messages, with the count of
// unread messages as a badge (named in words for screen readers). A live message refreshes the
// count; reading a thread on /Messages_new clears its part.
import { chatText, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { useMemberSession } from '../../lib/session.js';
import { HeaderLink } from '../../ui/HeaderLink.js';
import { Icon } from '../../ui/Icon.js';
import { UnreadBadge } from '../notifications/index.js';
import { useUnreadMessages } from './api.js';

export function MessagesLink() {
  const count = useUnreadMessages(useMemberSession()?.user._id);
  return (
    <HeaderLink
      to={routes.messages}
      label={text.messagesHeading}
      hint={count > 0 ? chatText.unreadMessagesHint(count) : undefined}
      badge={<UnreadBadge count={count} />}
      icon={
        <Icon
          size={22}
          path="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8.4L4.6 21.4A1 1 0 0 1 3 20.6V5a2 2 0 0 1 1-2Zm3 6v2h10V9H7Zm0-3v2h10V6H7Zm0 6v2h7v-2H7Z"
        />
      }
    />
  );
}
