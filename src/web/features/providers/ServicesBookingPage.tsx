// /Services_booking: 'Book your Service' with the providers of one category
// (`?service=<id>`, or the id in navigation state, as the category cards pass it), with the same filters
// as /Search in the URL (location, distance, price, rating, a free day, order). `?provider=<id>`
// opens that provider's dialog, so search, favourites and the return from sign-in land on it.
// 'Book now' closes it and opens the booking dialog; the message button opens the message
// dialog. `?provider=<id>&slot=<date>T<time>` (a card's next free slot) opens the booking dialog on
// that slot instead (SlotBooking).
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { discoveryText as d, providerText as t, text } from '../../../contract/messages.js';
import { providerPath, routes } from '../../../contract/paths.js';
import { ApiError } from '../../lib/api.js';
import { Empty, ErrorState, Loading, QueryState, ShowMore } from '../../ui/states.js';
import { BookingDialog } from '../bookings/index.js';
import { CategoryGrid, useCategories } from '../catalogue/index.js';
import { MessageDialog } from '../messages/index.js';
import { listTotal, useProvider, useProvidersOfService } from './api.js';
import { activeFilters, discoveryQuery, withFilter, withSlotBooking, type Discovery } from './discovery.js';
import { DiscoveryFilters } from './DiscoveryFilters.js';
import { ProviderDialog, type ProviderRef } from './ProviderDialog.js';
import { ProviderTile, ResultCount, TileGrid } from './ProviderTile.js';
import { opensSlotBooking, SlotBooking } from './SlotBooking.js';
import { useDiscovery, type UrlChange } from './useDiscovery.js';
import styles from './providers.module.css';

/** Cards of the first row load their pictures at once. */
const firstRow = 4;

export default function ServicesBookingPage() {
  const location = useLocation();
  const stateService = (location.state as { serviceId?: unknown } | null)?.serviceId;
  const [search] = useSearchParams();
  const serviceId = search.get('service') ?? (typeof stateService === 'string' ? stateService : null);
  const { params, discovery, update } = useDiscovery(Boolean(serviceId));
  const providerId = params.get('provider');
  const slotBooking = opensSlotBooking(params);
  const categories = useCategories();
  const category = serviceId ? categories.data?.find((c) => c._id === serviceId) : undefined;

  const [booking, setBooking] = useState<ProviderRef | null>(null);
  const [messaging, setMessaging] = useState<ProviderRef | null>(null);
  const [messaged, setMessaged] = useState<string | null>(null);
  // Without a service the provider's own view stays behind the closed dialog; following its
  // card again (a new history key) opens the dialog again.
  const [closedAt, setClosedAt] = useState<string | null>(null);

  function closeProvider() {
    if (!serviceId) return setClosedAt(location.key);
    update((current) => {
      const next = new URLSearchParams(current);
      next.delete('provider');
      return next;
    }, 'replace');
  }

  return (
    <>
      <title>{`${category ? `${text.bookYourService}: ${category.title}` : text.bookYourService} · ${text.brand}`}</title>
      <section className={`container page ${styles.page}`} aria-labelledby="booking-heading">
        <h1 id="booking-heading">{text.bookYourService}</h1>
        {serviceId ? (
          <ServiceProviders
            serviceId={serviceId}
            title={category?.title}
            params={params}
            discovery={discovery}
            update={update}
          />
        ) : providerId ? (
          <OneProvider providerId={providerId} />
        ) : (
          <p className={styles.lead}>{t.chooseService}</p>
        )}
      </section>
      {!serviceId && !providerId && <CategoryGrid />}

      {providerId && !slotBooking && (
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
          messaged={messaged === providerId}
        />
      )}
      {messaging && (
        <MessageDialog
          toUser={messaging}
          open
          onClose={() => setMessaging(null)}
          onSent={() => setMessaged(messaging._id)}
        />
      )}
      {booking && <BookingDialog provider={booking} serviceId={serviceId} open onClose={() => setBooking(null)} />}
      <SlotBooking params={params} serviceId={serviceId} update={update} />
    </>
  );
}

function ServiceProviders({
  serviceId,
  title,
  params,
  discovery,
  update,
}: {
  serviceId: string;
  title: string | undefined;
  params: URLSearchParams;
  discovery: Discovery;
  update(change: UrlChange, how?: 'push' | 'replace'): void;
}) {
  const list = useProvidersOfService(serviceId, discoveryQuery({ ...discovery, text: '' }, false));
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const count = listTotal(list.data?.pages);
  const unknown = list.error instanceof ApiError && list.error.status === 404;
  const filtered = activeFilters(discovery, false) > 0 || discovery.area !== null;
  const near = discovery.area ? ` · ${d.nearLabel(discovery.area.label)}` : '';
  return (
    <>
      <h2 className={styles.subtitle}>{title ? `${t.providersOf} ${title}` : t.services}</h2>
      <DiscoveryFilters
        discovery={discovery}
        rawMin={params.get('minPrice') ?? ''}
        rawMax={params.get('maxPrice') ?? ''}
        withCategory={false}
        update={update}
      />
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
        <Empty>{filtered ? d.noMatch : t.noProviders}</Empty>
      ) : (
        <div aria-busy={list.isPlaceholderData || undefined}>
          {count !== undefined && <ResultCount count={count}>{near}</ResultCount>}
          <TileGrid>
            {items.map((item, index) => (
              <li key={item._id}>
                <ProviderTile
                  provider={item.user_id}
                  // The provider's dialog over the same list: the filters stay in the URL.
                  to={`?${withFilter(params, 'provider', item._id).toString()}`}
                  replace
                  eager={index < firstRow}
                  city={item.city}
                  distanceKm={item.distanceKm}
                  nextSlot={item.nextSlot}
                  slotTo={item.nextSlot ? `?${withSlotBooking(params, item._id, item.nextSlot).toString()}` : undefined}
                  oneDay={Boolean(discovery.date)}
                />
              </li>
            ))}
          </TileGrid>
          <ShowMore query={list} showError className={styles.more} />
        </div>
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
