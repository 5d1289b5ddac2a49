// /Profiles: the 'Profile Details' dialog, open on arrival: image, name, email,
// phone and About Me, with a way to edit, and the member's referral code and link. Closing it
// goes back to the member's home.
import { Link, useNavigate } from 'react-router';
import { profileText, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { Dialog } from '../../ui/Dialog.js';
import { ErrorState, Loading } from '../../ui/states.js';
import { useMyProfile } from './api.js';
import { Avatar } from './Avatar.js';
import { ReferralCard } from './ReferralCard.js';
import styles from './profile.module.css';

export default function ProfilesPage() {
  const navigate = useNavigate();
  const profile = useMyProfile();
  return (
    <section className="container page">
      <title>{`${profileText.detailsTitle} · ${text.brand}`}</title>
      <h1 className="visually-hidden">{profileText.detailsTitle}</h1>
      <Dialog open title={profileText.detailsTitle} onClose={() => void navigate(routes.homeNew)}>
        {profile.isPending ? (
          <Loading />
        ) : profile.isError ? (
          <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          <div className={styles.details}>
            <Avatar name={profile.data.name} image={profile.data.image} />
            <p className={styles.detailsName}>{profile.data.name}</p>
            <dl className={styles.facts}>
              <div>
                <dt>{profileText.email}</dt>
                <dd>{profile.data.email ?? profileText.notSet}</dd>
              </div>
              <div>
                <dt>{profileText.mobile}</dt>
                <dd>
                  {profile.data.phone ? `${profile.data.country_code} ${profile.data.phone}` : profileText.notSet}
                </dd>
              </div>
            </dl>
            <h3 className={styles.aboutHeading}>{profileText.aboutMe}</h3>
            <p className={styles.about}>{profile.data.about ?? profileText.noAbout}</p>
            <ReferralCard />
            <Link className="btn" to={routes.myProfile}>
              {profileText.editProfile}
            </Link>
          </div>
        )}
      </Dialog>
    </section>
  );
}
