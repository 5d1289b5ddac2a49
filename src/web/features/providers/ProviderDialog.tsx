// The provider dialog (/Services_booking): name, address, rating, review count,
// charges (its cheapest line: "from $40 / hour"), picture, Description, a message and a favourite button, the real reviews, and
// 'Book now', and a link to the provider's own page. A visitor who books, messages or likes is
// sent to /userlogin and comes back here.
// Once a message has gone, a link next to the button opens the conversation.
// The street address comes only to those the server finds entitled (an accepted or completed
// booking); everyone else reads the area and when the street will show.
import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { chatText, favoriteText, notice, providerText as t, text } from '../../../contract/messages.js';
import { conversationPath, providerPagePath, providerPath, routes } from '../../../contract/paths.js';
import type { ProviderReview } from '../../../contract/providers.js';
import { shortDate } from '../../lib/dates.js';
import { unitPrice } from '../../lib/format.js';
import { useMemberSession } from '../../lib/session.js';
import { Dialog } from '../../ui/Dialog.js';
import { Icon } from '../../ui/Icon.js';
import { Stars } from '../../ui/Stars.js';
import { Empty, QueryState, ShowMore } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { CardImage, RatingLine } from '../catalogue/index.js';
import { useAddFavorite, useFavoriteCheck } from '../favorites/index.js';
import { useProvider, useProviderReviews } from './api.js';
import styles from './providers.module.css';

export interface ProviderRef {
  _id: string;
  name: string;
}

interface ProviderDialogProps {
  providerId: string;
  serviceId: string | null;
  open: boolean;
  onClose(): void;
  /** 'Book now' by a signed-in member. */
  onBook(provider: ProviderRef): void;
  /** The message button of a signed-in member. */
  onMessage(provider: ProviderRef): void;
  /** A message went to this provider from here: the conversation is a link away. */
  messaged?: boolean;
}

export function ProviderDialog({
  providerId,
  serviceId,
  open,
  onClose,
  onBook,
  onMessage,
  messaged = false,
}: ProviderDialogProps) {
  const member = useMemberSession();
  const navigate = useNavigate();
  const location = useLocation();
  const provider = useProvider(providerId);
  const card = provider.data;
  // Back here after signing in (the login pages return to `state.from`), the list's filters too.
  const here = location.search.includes('provider=')
    ? location.pathname + location.search
    : providerPath(providerId, serviceId);
  const signInFirst = () => navigate(routes.userLogin, { state: { from: here } });

  return (
    <Dialog
      open={open}
      wide
      title={card?.name ?? (provider.isError ? t.providerNotFound : text.loading)}
      // The native dialog also reports a close it was told to do (open turned false): only a
      // close by the person (×, Escape, the backdrop) is passed on.
      onClose={() => {
        if (open) onClose();
      }}
      footer={
        card ? (
          <>
            {/* No page until the search refresh has given the provider its slug. */}
            {card.slug && (
              <Link className="btn btn-outline" to={providerPagePath(card.slug)}>
                {t.viewProfile}
              </Link>
            )}
            <button
              type="button"
              className="btn"
              onClick={() => (member ? onBook({ _id: card._id, name: card.name }) : signInFirst())}
            >
              {t.bookNow}
            </button>
          </>
        ) : undefined
      }
    >
      <QueryState query={provider} retry={false}>
        {(details) => (
          <ProviderDetails
            provider={details}
            memberId={member?.user._id}
            onMessage={() => (member ? onMessage({ _id: details._id, name: details.name }) : signInFirst())}
            messaged={messaged}
            onSignIn={signInFirst}
          />
        )}
      </QueryState>
    </Dialog>
  );
}

export function ProviderDetails({
  provider,
  memberId,
  onMessage,
  messaged,
  onSignIn,
  headingLevel = 3,
}: {
  provider: NonNullable<ReturnType<typeof useProvider>['data']>;
  memberId: string | undefined;
  onMessage(): void;
  messaged: boolean;
  onSignIn(): void;
  /** Of its sections' headings: 3 under the dialog's title, 2 under a page's h1. */
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const isSelf = memberId === provider._id;
  // Not entitled to the street: the server sends the area in its place.
  const streetShown = provider.address !== provider.area;
  return (
    <div className={styles.detail}>
      <div className={styles.summary}>
        <div className={styles.media}>
          <CardImage src={provider.image} alt={provider.name} eager />
        </div>
        <div className={styles.facts}>
          <dl className={styles.factList}>
            <div>
              <dt>{streetShown ? t.address : t.area}</dt>
              <dd>{provider.address || '—'}</dd>
              {!streetShown && <dd className={styles.factNote}>{t.addressAfterBooking}</dd>}
            </div>
            <div>
              <dt className="visually-hidden">{t.rating}</dt>
              <dd>
                <RatingLine value={provider.rating} reviewCount={provider.reviewCount} />
              </dd>
            </div>
            <div>
              <dt>{t.charges}</dt>
              <dd className="price">{unitPrice(provider.fromPrice.priceCents, provider.fromPrice.unit, true)}</dd>
            </div>
          </dl>
          {provider.services.length > 0 && (
            <ul className={styles.chips} aria-label={t.services}>
              {provider.services.map((service) => (
                <li key={service._id}>{service.title}</li>
              ))}
            </ul>
          )}
          {!isSelf && (
            <div className={styles.iconRow}>
              <button
                type="button"
                className={styles.iconButton}
                onClick={onMessage}
                aria-label={t.messageProvider(provider.name)}
                title={t.message}
              >
                <MessageIcon />
              </button>
              <FavoriteButton provider={provider} memberId={memberId} onSignIn={onSignIn} />
              {messaged && (
                <Link className={styles.conversationLink} to={conversationPath(provider._id)}>
                  {chatText.openConversation}
                </Link>
              )}
            </div>
          )}
        </div>
      </div>

      <section aria-labelledby={`${id}-description`}>
        <Heading id={`${id}-description`} className={styles.subheading}>
          {t.description}
        </Heading>
        <p className={`prose ${styles.about}`}>{provider.about?.trim() || t.noDescription}</p>
      </section>

      <Reviews providerId={provider._id} headingId={`${id}-reviews`} Heading={Heading} />
    </div>
  );
}

/** Filled when the provider is a favourite already; a click adds it (again: the server says so). */
function FavoriteButton({
  provider,
  memberId,
  onSignIn,
}: {
  provider: { _id: string; name: string };
  memberId: string | undefined;
  onSignIn(): void;
}) {
  const check = useFavoriteCheck(memberId, provider._id, true);
  const add = useAddFavorite();
  const toast = useToast();
  const isFavorite = check.data?.isFavorite ?? false;

  function click() {
    if (!memberId) return onSignIn();
    add.mutate(
      { liked_by: memberId, liked_to: provider._id },
      {
        onSuccess: (response) => toast.success(response.message ?? notice.addedFavorite),
        onError: (error) => toast.error(error.message || notice.notAddedFavorite),
      },
    );
  }

  return (
    <button
      type="button"
      className={`${styles.iconButton} ${isFavorite ? styles.favorite : ''}`}
      onClick={click}
      disabled={add.isPending}
      aria-label={isFavorite ? t.isFavorite(provider.name) : t.addFavorite(provider.name)}
      title={isFavorite ? favoriteText.heading : t.addFavorite(provider.name)}
    >
      <HeartIcon filled={isFavorite} />
    </button>
  );
}

function Reviews({ providerId, headingId, Heading }: { providerId: string; headingId: string; Heading: 'h2' | 'h3' }) {
  const reviews = useProviderReviews(providerId);
  const items: ProviderReview[] = reviews.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.subheading}>
        {t.serviceReview}
      </Heading>
      <QueryState query={reviews} keepData isEmpty={() => items.length === 0} empty={<Empty>{t.noReviews}</Empty>}>
        {() => (
          <>
            <ul className={styles.reviews}>
              {items.map((review) => (
                <li key={review._id} className={styles.review}>
                  <div className={styles.reviewHead}>
                    <Stars value={review.count} small />
                    <span className={styles.reviewer}>{review.rate_by.name}</span>
                    <time className="muted" dateTime={review.createdAt}>
                      {shortDate(review.createdAt)}
                    </time>
                  </div>
                  <p className={styles.comment}>{review.comment}</p>
                </li>
              ))}
            </ul>
            <ShowMore query={reviews} showError />
          </>
        )}
      </QueryState>
    </section>
  );
}

function MessageIcon() {
  return (
    <Icon
      size={22}
      path="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8.4L4 21.5V18a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm0 2v11h2v1.5L7.6 16H20V5zm3 3h10v2H7zm0 3h7v2H7z"
    />
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M12 20.5s-7.5-4.6-9.3-9.1C1.5 8.2 3.6 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.6 0 5.7 3.7 4.5 6.9-1.8 4.5-9.3 9.1-9.3 9.1z"
      />
    </svg>
  );
}
