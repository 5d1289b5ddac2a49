// /servicesDetail?id=<service> ('Services Detail', reached from a title in the Services
// Listing): the service — title, image, created, archived or not, how many providers offer it —
// its trade words, and its providers as an admin list (search, sort, pages, a Status filter in the URL, Export to
// Excel). A missing or unknown id says so, with the way back to the list.
import { Link, useSearchParams } from 'react-router';
import { memberStatusFilter } from '../../../../contract/admin.js';
import type { ServiceProvider } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t, adminListText, text } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import { routes } from '../../../../contract/paths.js';
import { ApiError } from '../../../lib/api.js';
import { shortDate } from '../../../lib/dates.js';
import pageHead from '../../../ui/pageHead.module.css';
import { QueryState } from '../../../ui/states.js';
import { imageUrl } from '../../../lib/images.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useStatusFilter } from '../../../ui/listing/StatusFilter.js';
import { useAdminService } from './api.js';
import styles from './catalogue.module.css';
import { TradeWords } from './TradeWords.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Status filter's choices, in the words of the Status column. */
const statusLabels = { '1': adminListText.active, '0': adminListText.deactive };

const providerColumns: Column<ServiceProvider>[] = [
  {
    header: adminListText.userName,
    sort: 'name',
    cell: (row) => <Link to={`${routes.vendorDetail}?id=${row._id}`}>{row.name}</Link>,
  },
  { header: adminListText.email, sort: 'email', cell: (row) => row.email ?? '—' },
  { header: adminListText.phone, cell: (row) => row.phone ?? '—', narrow: true },
  {
    header: adminListText.status,
    sort: 'status',
    narrow: true,
    cell: (row) =>
      `${row.status === '1' ? adminListText.active : adminListText.deactive}${row.isBlocked ? ` · ${adminListText.blocked}` : ''}`,
  },
  {
    header: t.rating,
    sort: 'rating',
    narrow: true,
    cell: (row) => `${row.rating.toFixed(1)} (${t.reviews(row.reviewCount)})`,
  },
];

export default function ServicesDetailPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const valid = uuid.test(id);
  const service = useAdminService(valid ? id : '');
  const notFound = !valid || (service.error instanceof ApiError && service.error.status === 404);
  const { filter, query } = useStatusFilter(memberStatusFilter, {
    label: adminListText.status,
    allLabel: adminListText.allStatuses,
    labels: statusLabels,
  });

  return (
    <section className={styles.page} aria-labelledby="service-detail-title">
      <title>{`${t.servicesDetailTitle} · ${text.brand}`}</title>
      <h2 id="service-detail-title" className={pageHead.title}>
        {t.servicesDetailTitle}
      </h2>
      {notFound ? (
        <div className={styles.notice}>
          <p>{valid ? t.serviceNotFound : t.chooseService}</p>
          <Link className="btn" to={routes.services}>
            {t.backToServices}
          </Link>
        </div>
      ) : (
        <QueryState query={service}>
          {(detail) => (
            <>
              <div className={styles.detail}>
                {detail.image && (
                  <img
                    className={styles.detailImage}
                    src={imageUrl(detail.image) ?? undefined}
                    alt={t.imageAlt(detail.title)}
                    width={128}
                    height={128}
                  />
                )}
                <dl className={styles.facts}>
                  <dt>{t.title}</dt>
                  <dd>{detail.title}</dd>
                  <dt>{t.created}</dt>
                  <dd>{shortDate(detail.createdAt)}</dd>
                  <dt>{adminListText.status}</dt>
                  <dd>
                    {detail.archivedAt ? (
                      <span className={styles.archived}>{`${t.archived} · ${shortDate(detail.archivedAt)}`}</span>
                    ) : (
                      adminListText.active
                    )}
                  </dd>
                  <dt>{t.providers}</dt>
                  <dd>{detail.providers}</dd>
                </dl>
              </div>
              <TradeWords serviceId={id} archived={detail.archivedAt !== null} />
              <ListingTable
                title={t.providersTitle}
                endpoint={adminLists.serviceProviders}
                extraQuery={{ categoryId: id, ...query }}
                actions={filter}
                columns={providerColumns}
                rowKey={(row) => row._id}
                documentTitle={false}
                headingLevel={3}
              />
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}
