// The member's email and mobile as entries of a profile's fact list (`dl`), "Not set" when missing.
import { profileText } from '../../../contract/messages.js';
import type { MemberProfile } from '../../../contract/profile.js';
import { phoneNumber } from '../../lib/format.js';

export function ContactFacts({ profile }: { profile: Pick<MemberProfile, 'email' | 'phone' | 'country_code'> }) {
  return (
    <>
      <div>
        <dt>{profileText.email}</dt>
        <dd>{profile.email ?? profileText.notSet}</dd>
      </div>
      <div>
        <dt>{profileText.mobile}</dt>
        <dd>{profile.phone ? phoneNumber(profile.country_code, profile.phone) : profileText.notSet}</dd>
      </div>
    </>
  );
}
