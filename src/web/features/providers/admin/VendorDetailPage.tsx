// /vendorDetail?id=<provider> 'Vendor Detail' (profile, services, bookings,
// ratings, status): the provider's profile with its Active/Deactive toggle and Block/Unblock
// (both showing what the server stored, their alerts only after it said yes), its price list
// (corrected here), then its bookings and its ratings (with Hide/Unhide). A missing or unknown id says so and links back to /vendor.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { VendorDetail } from '../../../../contract/providers.js';
import {
  adminBookingText as t,
  adminListText,
  adminVendorText,
  discoveryText,
  text,
} from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import { ApiError } from '../../../lib/api.js';
import { shortDate } from '../../../lib/dates.js';
import { money, radius } from '../../../lib/format.js';
import pageHead from '../../../ui/pageHead.module.css';
import { QueryState } from '../../../ui/states.js';
import { blockQuestion, statusQuestion } from '../../../ui/adminQuestions.js';
import { useConfirmedChange } from '../../../ui/useConfirmedChange.js';
import { BookingListing, RatingListing } from '../../bookings/index.js';
import listStyles from '../../../ui/listing/listing.module.css';
import { useSetVendorBlocked, useSetVendorStatus, useVendorDetail } from './api.js';
import { VendorDialog } from './VendorDialog.js';
import { VendorPrices } from './VendorPrices.js';
import styles from './vendors.module.css';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cityNames: Record<string, string> = { austin: text.cities[0], dallas: text.cities[1], nyc: text.cities[2] };

export default function VendorDetailPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const valid = uuidPattern.test(id);
  return (
    <div className={styles.page}>
      <section className={styles.detail} aria-labelledby="vendor-detail-title">
        <title>{`${t.vendorDetail} · ${text.brand}`}</title>
        <div className={styles.head}>
          <h2 id="vendor-detail-title" className={pageHead.title}>
            {t.vendorDetail}
          </h2>
          {valid && <Link to={routes.vendor}>{t.backToVendors}</Link>}
        </div>
        {valid ? <VendorProfile id={id} /> : <Missing message={t.vendorIdMissing} />}
      </section>
      {valid && <VendorLists id={id} />}
    </div>
  );
}

function Missing({ message }: { message: string }) {
  return (
    <div className={styles.missing} role="alert">
      <p>{message}</p>
      <Link to={routes.vendor} className="btn">
        {t.backToVendors}
      </Link>
    </div>
  );
}

function VendorProfile({ id }: { id: string }) {
  const vendor = useVendorDetail(id);
  if (vendor.error instanceof ApiError && (vendor.error.status === 404 || vendor.error.status === 400))
    return <Missing message={vendor.error.message} />;
  return <QueryState query={vendor}>{(data) => <Profile vendor={data} />}</QueryState>;
}

/** The lists only for a provider that exists; its price list once it has a profile. */
function VendorLists({ id }: { id: string }) {
  const vendor = useVendorDetail(id);
  if (!vendor.data) return null;
  return (
    <>
      {vendor.data.profile && <VendorPrices id={id} />}
      <BookingListing title={t.bookingsHeading} providerId={id} />
      <RatingListing title={t.ratingsHeading} providerId={id} />
    </>
  );
}

function Profile({ vendor }: { vendor: VendorDetail }) {
  const [editing, setEditing] = useState(false);
  const profile = vendor.profile;
  const facts: [string, React.ReactNode][] = [
    [t.email, vendor.email ?? t.none],
    [t.phone, vendor.phone ?? t.none],
    ...(profile
      ? ([
          [t.city, cityNames[profile.city] ?? profile.city],
          [t.address, profile.address || t.none],
          ...(profile.radiusKm !== undefined
            ? [
                [discoveryText.serviceArea, discoveryText.serviceAreaFrom(radius(profile.radiusKm))] as [
                  string,
                  React.ReactNode,
                ],
              ]
            : []),
          [t.charges, money(profile.charges)],
          [t.rating, t.reviews(profile.rating, profile.reviewCount)],
        ] as [string, React.ReactNode][])
      : []),
    [t.joined, shortDate(vendor.createdAt)],
  ];
  return (
    <div className={styles.card}>
      <div className={styles.identity}>
        {vendor.image ? (
          <img className={styles.avatar} src={vendor.image} alt="" width={96} height={96} />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {vendor.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h3 className={styles.name}>{vendor.name}</h3>
          <StatusControls vendor={vendor} />
          <button type="button" className="btn btn-outline" onClick={() => setEditing(true)}>
            {adminVendorText.editContractor}
          </button>
        </div>
      </div>
      {editing && <VendorDialog vendor={vendor} onClose={() => setEditing(false)} />}

      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      {!profile && <p className={styles.note}>{t.noProfile}</p>}

      <div className={styles.blocks}>
        <div>
          <h4 className={styles.blockTitle}>{t.about}</h4>
          <p className={styles.about}>{vendor.about || t.none}</p>
        </div>
        <div>
          <h4 className={styles.blockTitle}>{t.services}</h4>
          {vendor.services.length ? (
            <ul className={styles.tags}>
              {vendor.services.map((service) => (
                <li key={service._id} className={service.archived ? styles.tagArchived : styles.tag}>
                  {service.title}
                  {service.archived && ` (${t.archived})`}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.about}>{t.noServices}</p>
          )}
        </div>
        {profile && (
          <div>
            <h4 className={styles.blockTitle}>{t.workingHours}</h4>
            <HoursSummary hours={vendor.workingHours} />
            <p className={styles.note}>{t.slotLength(profile.slotMinutes, profile.bufferMinutes)}</p>
          </div>
        )}
      </div>
    </div>
  );
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function HoursSummary({ hours }: { hours: VendorDetail['workingHours'] }) {
  if (hours.length === 0) return <p className={styles.about}>{t.defaultHours}</p>;
  const days = t.weekdays.map((day, weekday) => ({
    day,
    spans: hours.filter((h) => h.weekday === weekday).map((h) => `${hhmm(h.startMinute)}–${hhmm(h.endMinute)}`),
  }));
  return (
    <ul className={styles.hours}>
      {days
        .filter((d) => d.spans.length)
        .map((d) => (
          <li key={d.day}>
            <span className={styles.day}>{d.day}</span> {d.spans.join(', ')}
          </li>
        ))}
    </ul>
  );
}

/**
 * Status: 'Deactive' sets Active, 'Active' sets Deactive, as on the contractor list.
 * Block/Unblock shows the stored state and flips it. Each asks first, naming the provider; both
 * alert only after the server said yes, with Undo in the toast.
 */
function StatusControls({ vendor }: { vendor: VendorDetail }) {
  const setStatus = useSetVendorStatus(vendor._id);
  const setBlocked = useSetVendorBlocked(vendor._id);
  const statusChange = useConfirmedChange(setStatus.mutateAsync);
  const blockChange = useConfirmedChange(setBlocked.mutateAsync);
  const active = vendor.status === '1';
  const onStatus = () => statusChange.ask(statusQuestion(vendor, 'provider', (status) => status));
  const onBlock = () => blockChange.ask(blockQuestion(vendor));
  return (
    <>
      <dl className={styles.controls}>
        <div className={styles.control}>
          <dt>{adminListText.status}</dt>
          <dd>
            <button
              type="button"
              className={`btn ${active ? listStyles.statusActive : listStyles.statusDeactive}`}
              onClick={onStatus}
              disabled={statusChange.busy}
              aria-label={`${active ? adminListText.active : adminListText.deactive}: ${vendor.name}`}
            >
              {active ? adminListText.active : adminListText.deactive}
            </button>
          </dd>
        </div>
        <div className={styles.control}>
          <dt>{t.accountStatus}</dt>
          <dd>
            <span className={vendor.isBlocked ? styles.blocked : styles.unblocked}>
              {vendor.isBlocked ? t.isBlocked : t.notBlocked}
            </span>
            <button type="button" className="btn btn-outline" onClick={onBlock} disabled={blockChange.busy}>
              {vendor.isBlocked ? t.unblock : t.block}
            </button>
          </dd>
        </div>
      </dl>
      {statusChange.dialog}
      {blockChange.dialog}
    </>
  );
}
