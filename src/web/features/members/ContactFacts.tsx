// The member's email and mobile as entries of a profile's fact list (`dl`), "Not set" when missing.
// Each can be changed (the new one is proven by a code first); a phone not proven yet (an email
// account's) says so, with a button that proves it by a text.
import { useState } from 'react';
import type { ContactChange } from '../../../contract/auth.js';
import { profileText } from '../../../contract/messages.js';
import type { MemberProfile } from '../../../contract/profile.js';
import { phoneNumber } from '../../lib/format.js';
import { ChangeContactDialog } from './ChangeContactDialog.js';
import { VerifyPhoneDialog } from './VerifyPhoneDialog.js';
import styles from './profile.module.css';

type Contacts = Pick<MemberProfile, 'email' | 'phone' | 'phone_verified' | 'country_code'>;

export function ContactFacts({ profile }: { profile: Contacts }) {
  const [open, setOpen] = useState<ContactChange['kind'] | 'verify' | null>(null);
  const phone = profile.phone ? phoneNumber(profile.country_code, profile.phone) : null;
  const close = () => setOpen(null);
  const changeButton = (kind: ContactChange['kind'], label: string) => (
    <button type="button" className="link-button" aria-label={label} onClick={() => setOpen(kind)}>
      {profileText.change}
    </button>
  );
  return (
    <>
      <div>
        <dt>{profileText.email}</dt>
        <dd>
          <span className={styles.contact}>
            {profile.email ?? profileText.notSet}
            {changeButton('email', profileText.changeEmailTitle)}
          </span>
          {/* Inside the entry: a list of facts holds only its entries. */}
          {open === 'email' && <ChangeContactDialog kind="email" onClose={close} />}
        </dd>
      </div>
      <div>
        <dt>{profileText.mobile}</dt>
        <dd>
          <span className={styles.contact}>
            {phone ?? profileText.notSet}
            {changeButton('phone', profileText.changePhoneTitle)}
          </span>
          {phone && !profile.phone_verified && (
            <span className={styles.unverified}>
              <small>{profileText.phoneUnverified}</small>
              <button type="button" className="btn btn-outline" onClick={() => setOpen('verify')}>
                {profileText.verifyPhone}
              </button>
            </span>
          )}
          {open === 'phone' && <ChangeContactDialog kind="phone" onClose={close} />}
          {open === 'verify' && phone && <VerifyPhoneDialog phone={phone} onClose={close} />}
        </dd>
      </div>
    </>
  );
}
