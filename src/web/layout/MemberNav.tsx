// What the header shows a signed-in member (and a provider its portal). Its own chunk: visitors (and the first paint of `/`)
// never load the live stream, the bell or the menu. The member's saved location is taken over
// (or the one chosen before signing in saved) here, once a page load.
import { LiveUpdates } from '../features/live/index.js';
import { MessagesLink } from '../features/messages/index.js';
import { NotificationBell } from '../features/notifications/index.js';
import { useMemberLocationSync } from '../features/places/index.js';
import { useMe } from '../features/providers/index.js';
import { providerPortalText } from '../../contract/messages.js';
import { routes } from '../../contract/paths.js';
import { HeaderLink } from '../ui/HeaderLink.js';
import { Icon } from '../ui/Icon.js';
import { UserMenu } from './UserMenu.js';

export default function MemberNav({ name }: { name: string }) {
  const me = useMe();
  useMemberLocationSync(me.data?._id, me.data?.location);
  return (
    <>
      <LiveUpdates />
      {me.data?.role === 'provider' && (
        <HeaderLink to={routes.providerPortal} label={providerPortalText.menu} icon={<BriefcaseIcon />} roomy />
      )}
      <MessagesLink />
      <NotificationBell />
      <UserMenu name={name} />
    </>
  );
}

function BriefcaseIcon() {
  return (
    <Icon
      size={22}
      path="M9 3h6a2 2 0 0 1 2 2v2h3a2 2 0 0 1 2 2v4H2V9a2 2 0 0 1 2-2h3V5a2 2 0 0 1 2-2Zm0 4h6V5H9v2ZM2 15h8v2h4v-2h8v4a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-4Z"
    />
  );
}
