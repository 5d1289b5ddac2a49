// The member's email and mobile as entries of a profile's fact list (`dl`), "Not set" when missing.
// A phone not proven yet (an email account's) says so, with a button that proves it by a text.
import { useState } from 'react';
import { profileText } from '../../../contract/messages.js';
import type { MemberProfile } from '../../../contract/profile.js';
import { phoneNumber } from '../../lib/format.js';
import { VerifyPhoneDialog } from './VerifyPhoneDialog.js';
import styles from './profile.module.css';

type Contacts = Pick<MemberProfile, 'email' | 'phone' | 'phone_verified' | 'country_code'>;

export function ContactFacts({ profile }: { profile: Contacts }) {
  const [verifying, setVerifying] = useState(false);
  const phone = profile.phone ? phoneNumber(profile.country_code, profile.phone) : null;
  return (
    <>
      <div>
        <dt>{profileText.email}</dt>
        <dd>{profile.email ?? profileText.notSet}</dd>
      </div>
      <div>
        <dt>{profileText.mobile}</dt>
        <dd>
          {phone ?? profileText.notSet}
          {phone && !profile.phone_verified && (
            <span className={styles.unverified}>
              <small>{profileText.phoneUnverified}</small>
              <button type="button" className="btn btn-outline" onClick={() => setVerifying(true)}>
                {profileText.verifyPhone}
              </button>
            </span>
          )}
          {/* Inside the entry: a list of facts holds only its entries. */}
          {verifying && phone && <VerifyPhoneDialog phone={phone} onClose={() => setVerifying(false)} />}
        </dd>
      </div>
    </>
  );
}
