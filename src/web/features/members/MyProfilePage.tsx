// /my-profile: the profile screen: image, first name, description, email and
// mobile, with Edit opening the Edit modal. Email and mobile are shown, never edited.
import { useState } from 'react';
import { profileText, text } from '../../../contract/messages.js';
import { QueryState } from '../../ui/states.js';
import { useMyProfile } from './api.js';
import { Avatar } from './Avatar.js';
import { ContactFacts } from './ContactFacts.js';
import { EditProfileDialog } from './EditProfileDialog.js';
import styles from './profile.module.css';

export default function MyProfilePage() {
  const profile = useMyProfile();
  const [editing, setEditing] = useState(false);

  return (
    <section className="container page">
      <title>{`${profileText.heading} · ${text.brand}`}</title>
      <h1>{profileText.heading}</h1>
      <QueryState query={profile}>
        {(me) => (
          <article className={`panel ${styles.card}`} aria-labelledby="profile-name">
            <Avatar name={me.name} image={me.image} />
            <div className={styles.cardBody}>
              <div className={styles.cardHeader}>
                <h2 id="profile-name">{me.name}</h2>
                <button type="button" className="btn" onClick={() => setEditing(true)}>
                  {profileText.edit}
                </button>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{profileText.firstName}</dt>
                  <dd>{me.first_name}</dd>
                </div>
                <ContactFacts profile={me} />
                <div>
                  <dt>{profileText.age}</dt>
                  <dd>{me.age ?? profileText.notSet}</dd>
                </div>
                <div>
                  <dt>{profileText.gender}</dt>
                  <dd>{me.gender ?? profileText.notSet}</dd>
                </div>
              </dl>
              <h3 className={styles.aboutHeading}>{profileText.description}</h3>
              <p className={styles.about}>{me.about ?? profileText.noAbout}</p>
            </div>
          </article>
        )}
      </QueryState>
      {editing && profile.data && <EditProfileDialog profile={profile.data} onClose={() => setEditing(false)} />}
    </section>
  );
}
