// /Services_booking: 'Book your Service' with the providers of one category
// (`?service=<id>`, or the id in navigation state as the spec passes it). `?provider=<id>` opens
// that provider's dialog, so search, favourites and the return from sign-in land on it. 'Book
// now' closes it and opens the booking dialog; the message button opens the message dialog.
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { providerText as t, text } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { Empty, ErrorState, Loading, QueryState, ShowMore } from '../../ui/states.js';
import { BookingDialog } from '../bookings/index.js';
import { CategoryGrid, useCategories } from '../catalogue/index.js';
import { MessageDialog } from '../messages/index.js';
import { providerPath, useProvider, useProvidersOfService } from './api.js';
import { ProviderDialog, type ProviderRef } from './ProviderDialog.js';
import { ProviderTile, TileGrid } from './ProviderTile.js';
import styles from './providers.module.css';

/** Cards of the first row load their pictures at once. */
const firstRow = 4;

export default function ServicesBookingPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const stateService = (location.state as { serviceId?: unknown } | null)?.serviceId;
  const serviceId = params.get('service') ?? (typeof stateService === 'string' ? stateService : null);
  const providerId = params.get('provider');
  const categories = useCategories();
  const category = serviceId ? categories.data?.find((c) => c._id === serviceId) : undefined;

  const [booking, setBooking] = useState<ProviderRef | null>(null);
  const [messaging, setMessaging] = useState<ProviderRef | null>(null);
  // Without a service the provider's own view stays behind the closed dialog; following its
  // card again (a new history key) opens the dialog again.
  const [closedAt, setClosedAt] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${category ? `${text.bookYourService}: ${category.title}` : text.bookYourService} · ${text.brand}`;
  }, [category]);

  function closeProvider() {
    if (!serviceId) return setClosedAt(location.key);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('provider');
        return next;
      },
      { replace: true, state: location.state },
    );
  }

  return (
    <>
      <section className={`container page ${styles.page}`} aria-labelledby="booking-heading">
        <h1 id="booking-heading">{text.bookYourService}</h1>
        {serviceId ? (
          <ServiceProviders serviceId={serviceId} title={category?.title} />
        ) : providerId ? (
          <OneProvider providerId={providerId} />
        ) : (
          <p className={styles.lead}>{t.chooseService}</p>
        )}
      </section>
      {!serviceId && !providerId && <CategoryGrid />}

      {providerId && (
        <ProviderDialog
          providerId={providerId}
          serviceId={serviceId}
          // The message dialog takes its place for a moment; the booking dialog for good.
          open={!messaging && closedAt !== location.key}
          onClose={closeProvider}
          onBook={(provider) => {
            closeProvider();
            setBooking(provider);
          }}
          onMessage={setMessaging}
        />
      )}
      {messaging && <MessageDialog toUser={messaging} open onClose={() => setMessaging(null)} />}
      {booking && <BookingDialog provider={booking} serviceId={serviceId} open onClose={() => setBooking(null)} />}
    </>
  );
}

function ServiceProviders({ serviceId, title }: { serviceId: string; title: string | undefined }) {
  const list = useProvidersOfService(serviceId);
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages[0]?.meta?.total;
  const unknown = list.error instanceof ApiError && list.error.status === 404;
  return (
    <>
      <h2 className={styles.subtitle}>{title ? `${t.providersOf} ${title}` : t.services}</h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError && items.length === 0 ? (
        <>
          <ErrorState error={list.error} onRetry={unknown ? undefined : () => void list.refetch()} />
          {unknown && (
            <p className={styles.center}>
              <Link to={routes.servicesBooking}>{t.browseServices}</Link>
            </p>
          )}
        </>
      ) : items.length === 0 ? (
        <Empty>{t.noProviders}</Empty>
      ) : (
        <>
          {total !== undefined && (
            <p className="muted" aria-live="polite">
              {t.resultCount(total)}
            </p>
          )}
          <TileGrid>
            {items.map((item, index) => (
              <li key={item._id}>
                <ProviderTile
                  provider={item.user_id}
                  to={providerPath(item._id, serviceId)}
                  replace
                  eager={index < firstRow}
                />
              </li>
            ))}
          </TileGrid>
          <ShowMore query={list} showError className={styles.more} />
        </>
      )}
    </>
  );
}

/** Opened without a service (from search, favourites or sign-in): the provider and its services. */
function OneProvider({ providerId }: { providerId: string }) {
  const provider = useProvider(providerId);
  return (
    <QueryState query={provider} retry={false}>
      {(card) => (
        <>
          <h2 className={styles.subtitle}>{card.name}</h2>
          <div className={styles.single}>
            <ProviderTile provider={card} to={providerPath(card._id)} replace eager />
            {card.services.length > 0 && (
              <div>
                <h3 className={styles.subheading}>{t.services}</h3>
                <ul className={styles.serviceLinks}>
                  {card.services.map((service) => (
                    <li key={service._id}>
                      <Link to={`${routes.servicesBooking}?service=${encodeURIComponent(service._id)}`}>
                        {t.providersOf} {service.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </>
      )}
    </QueryState>
  );
}
