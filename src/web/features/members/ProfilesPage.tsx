// /Profiles: the 'Profile Details' dialog, open on arrival: image, name, email, phone and About
// Me, with a way to edit, the member's saved addresses, and their referral code and link. Closing
// it goes back to the member's home.
import { Link, useNavigate } from 'react-router';
import { profileText, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Dialog } from '../../ui/Dialog.js';
import { QueryState } from '../../ui/states.js';
import { useMyProfile } from './api.js';
import { Avatar } from './Avatar.js';
import { ContactFacts } from './ContactFacts.js';
import { ReferralCard } from './ReferralCard.js';
import { SavedAddresses } from './SavedAddresses.js';
import styles from './profile.module.css';

export default function ProfilesPage() {
  const navigate = useNavigate();
  const profile = useMyProfile();
  return (
    <section className="container page">
      <title>{`${profileText.detailsTitle} · ${text.brand}`}</title>
      <h1 className="visually-hidden">{profileText.detailsTitle}</h1>
      <Dialog open title={profileText.detailsTitle} onClose={() => void navigate(routes.homeNew)}>
        <QueryState query={profile}>
          {(me) => (
            <div className={styles.details}>
              <Avatar name={me.name} image={me.image} />
              <p className={styles.detailsName}>{me.name}</p>
              <dl className={styles.facts}>
                <ContactFacts profile={me} />
              </dl>
              <h3 className={styles.aboutHeading}>{profileText.aboutMe}</h3>
              <p className={styles.about}>{me.about ?? profileText.noAbout}</p>
              <SavedAddresses />
              <ReferralCard />
              <Link className="btn" to={routes.myProfile}>
                {profileText.editProfile}
              </Link>
            </div>
          )}
        </QueryState>
      </Dialog>
    </section>
  );
}
