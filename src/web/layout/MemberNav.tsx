// What the header shows a signed-in member. Its own chunk: visitors (and the first paint of `/`)
// never load the live stream, the bell or the menu. The member's saved location is taken over
// (or the one chosen before signing in saved) here, once a page load.
import { LiveUpdates } from '../features/live/index.js';
import { MessagesLink } from '../features/messages/index.js';
import { NotificationBell } from '../features/notifications/index.js';
import { useMemberLocationSync } from '../features/places/index.js';
import { useMe } from '../features/providers/index.js';
import { UserMenu } from './UserMenu.js';

export default function MemberNav({ name }: { name: string }) {
  const me = useMe();
  useMemberLocationSync(me.data?._id, me.data?.location);
  return (
    <>
      <LiveUpdates />
      <MessagesLink />
      <NotificationBell />
      <UserMenu name={name} />
    </>
  );
}
