// What the header shows a signed-in member. Its own chunk: visitors (and the first paint of `/`)
// never load the live stream, the bell or the menu.
import { LiveUpdates } from '../features/live/index.js';
import { MessagesLink } from '../features/messages/index.js';
import { NotificationBell } from '../features/notifications/index.js';
import { UserMenu } from './UserMenu.js';

export default function MemberNav({ name }: { name: string }) {
  return (
    <>
      <LiveUpdates />
      <MessagesLink />
      <NotificationBell />
      <UserMenu name={name} />
    </>
  );
}
