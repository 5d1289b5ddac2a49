// /providers/{slug}: a provider's own page, the one search engines index and people share —
// what the provider dialog shows (picture, area, rating, price, services, description, reviews,
// message and favourite) with 'Book now', and links to the provider's services in its city. The
// server sends the same title, description and schema.org data in the page's head (modules/seo).
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { discoveryText as d, providerText as t } from '../../../contract/messages.js';
import { categoryCityPath, routes } from '../../../contract/paths.js';
import { servedCities } from '../../../contract/places.js';
import { providerPageText } from '../../../contract/seo.js';
import { ApiError } from '../../lib/api.js';
import { useMemberSession } from '../../lib/session.js';
import { QueryState } from '../../ui/states.js';
import { BookingDialog } from '../bookings/index.js';
import { NotFoundPage } from '../content/index.js';
import { MessageDialog } from '../messages/index.js';
import { useProviderPage } from './api.js';
import { ProviderDetails, type ProviderRef } from './ProviderDialog.js';
import styles from './providers.module.css';

export default function ProviderPage() {
  const { slug = '' } = useParams();
  const page = useProviderPage(slug);
  if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundPage />;
  return (
    <section className={`container page ${styles.page}`} aria-labelledby="provider-heading">
      <QueryState query={page} retry={false}>
        {(provider) => <OneProvider provider={provider} />}
      </QueryState>
    </section>
  );
}

function OneProvider({ provider }: { provider: NonNullable<ReturnType<typeof useProviderPage>['data']> }) {
  const member = useMemberSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [booking, setBooking] = useState<ProviderRef | null>(null);
  const [messaging, setMessaging] = useState<ProviderRef | null>(null);
  const [messaged, setMessaged] = useState(false);
  const head = providerPageText(provider);
  const city = servedCities[provider.city].label;
  const ref = { _id: provider._id, name: provider.name };
  // Back here after signing in (the login pages return to `state.from`).
  const signInFirst = () => navigate(routes.userLogin, { state: { from: location.pathname } });
  const isSelf = member?.user._id === provider._id;

  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <h1 id="provider-heading">{provider.name}</h1>
      {provider.services.length > 0 && (
        <p className={styles.lead}>{d.categoryInCity(provider.services.map((s) => s.title).join(', '), city)}</p>
      )}
      {!isSelf && (
        <p className={styles.pageActions}>
          <button type="button" className="btn" onClick={() => (member ? setBooking(ref) : signInFirst())}>
            {t.bookNow}
          </button>
        </p>
      )}
      <ProviderDetails
        provider={provider}
        memberId={member?.user._id}
        onMessage={() => (member ? setMessaging(ref) : signInFirst())}
        messaged={messaged}
        onSignIn={signInFirst}
        headingLevel={2}
      />
      {provider.services.length > 0 && (
        <nav className={styles.related} aria-label={t.services}>
          <ul className={styles.serviceLinks}>
            {provider.services.map((service) => (
              <li key={service._id}>
                <Link to={categoryCityPath(service.title, provider.city)}>{d.moreInCity(service.title, city)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {messaging && (
        <MessageDialog toUser={messaging} open onClose={() => setMessaging(null)} onSent={() => setMessaged(true)} />
      )}
      {booking && <BookingDialog provider={booking} serviceId={null} open onClose={() => setBooking(null)} />}
    </>
  );
}
