// /my-profile: the profile screen: image, first name, description, email and
// mobile, with Edit opening the Edit modal. Email and mobile are shown, never edited.
import { useState } from 'react';
import { profileText, text } from '../../../contract/messages.js';
import { ErrorState, Loading } from '../../ui/states.js';
import { useMyProfile } from './api.js';
import { Avatar } from './Avatar.js';
import { EditProfileDialog } from './EditProfileDialog.js';
import styles from './profile.module.css';

export default function MyProfilePage() {
  const profile = useMyProfile();
  const [editing, setEditing] = useState(false);

  return (
    <section className="container page">
      <title>{`${profileText.heading} · ${text.brand}`}</title>
      <h1>{profileText.heading}</h1>
      {profile.isPending ? (
        <Loading />
      ) : profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <article className={`panel ${styles.card}`} aria-labelledby="profile-name">
          <Avatar name={profile.data.name} image={profile.data.image} />
          <div className={styles.cardBody}>
            <div className={styles.cardHeader}>
              <h2 id="profile-name">{profile.data.name}</h2>
              <button type="button" className="btn" onClick={() => setEditing(true)}>
                {profileText.edit}
              </button>
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>{profileText.firstName}</dt>
                <dd>{profile.data.first_name}</dd>
              </div>
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
              <div>
                <dt>{profileText.age}</dt>
                <dd>{profile.data.age ?? profileText.notSet}</dd>
              </div>
              <div>
                <dt>{profileText.gender}</dt>
                <dd>{profile.data.gender ?? profileText.notSet}</dd>
              </div>
            </dl>
            <h3 className={styles.aboutHeading}>{profileText.description}</h3>
            <p className={styles.about}>{profile.data.about ?? profileText.noAbout}</p>
          </div>
        </article>
      )}
      {editing && profile.data && <EditProfileDialog profile={profile.data} onClose={() => setEditing(false)} />}
    </section>
  );
}
