// The provider calls (paths/providers.ts): the public reads and search, the provider portal's own
// profile, schedule, calendar and earnings, and the admin's contractors, typed by the schemas of
// providers.ts and portal.ts.
import type { z } from 'zod';
import type { adminVendorBody, memberRow } from '../admin.js';
import type { serviceArea } from '../bookings.js';
import { adminOnly, deleting, getting, posting, putting } from '../endpoint.js';
import { api } from '../paths/providers.js';
import type {
  blockBody,
  dayOffBody,
  earnings,
  jobItem,
  portalProfile,
  profileBody,
  providerCalendar,
  schedule,
  scheduleBody,
  timeBlock,
} from '../portal.js';
import type {
  providerDetail,
  providerListItem,
  providerReview,
  searchRecordBody,
  suggestion,
  vendorDetail,
} from '../providers.js';

type ProviderList = z.infer<typeof providerListItem>[];
type Schedule = z.infer<typeof schedule>;
type TimeBlock = z.infer<typeof timeBlock>;
type Profile = z.infer<typeof portalProfile>;

export const providerEndpoints = {
  search: getting<ProviderList>(api.search),
  suggest: getting<z.infer<typeof suggestion>[]>(api.suggest),
  recordSearch: posting<z.input<typeof searchRecordBody>, undefined>(api.searchRecord),
  ofService: getting<ProviderList>(api.serviceUserList),
  detail: getting<z.infer<typeof providerDetail>>(api.providerDetail),
  bySlug: getting<z.infer<typeof providerDetail>>(api.providerBySlug),
  reviews: getting<z.infer<typeof providerReview>[]>(api.providerReviews),
  serves: getting<z.infer<typeof serviceArea>>(api.providerServes),
};

/** The provider portal: everything is the caller's own. Its jobs and price list are bookings'. */
export const providerPortalEndpoints = {
  profile: getting<Profile>(api.providerProfile),
  saveProfile: putting<z.input<typeof profileBody>, Profile>(api.providerProfile),
  schedule: getting<Schedule>(api.providerSchedule),
  saveSchedule: putting<z.input<typeof scheduleBody>, Schedule>(api.providerSchedule),
  addDayOff: posting<z.input<typeof dayOffBody>, Schedule>(api.providerDaysOff),
  removeDayOff: deleting<Schedule>(api.providerDayOff),
  calendar: getting<z.infer<typeof providerCalendar>>(api.providerCalendar),
  addBlock: posting<z.input<typeof blockBody>, TimeBlock>(api.providerBlocks),
  removeBlock: deleting<TimeBlock>(api.providerBlock),
  earnings: getting<z.infer<typeof earnings>>(api.providerEarnings),
  earningJobs: getting<z.infer<typeof jobItem>[]>(api.providerEarningsJobs),
};

/** The back-office's contractor (its status and block are the wallet's calls). */
export const providerAdminEndpoints = adminOnly({
  detail: getting<z.infer<typeof vendorDetail>>(api.adminVendorDetail),
  /** Adds a contractor, or corrects one given its id. */
  save: posting<z.input<typeof adminVendorBody>, z.infer<typeof memberRow>>(api.adminAddVendor),
});
