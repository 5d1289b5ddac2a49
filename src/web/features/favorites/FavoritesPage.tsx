// /Favorites: the member's favourite providers, newest first (picture,
// name, stars, review count), each opening the provider, each with Remove. After a removal the
// server's message shows and the list reloads 1 s later.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { favoriteText as t, text } from '../../../contract/messages.js';
import { providerCardPath, routes } from '../../../contract/paths.js';
import type { FavoriteItem } from '../../../contract/favorites.js';
import { useSignedInMember } from '../../lib/session.js';
import noticeStyles from '../../ui/notice.module.css';
import { QueryState, ShowMore } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useQueryClient } from '@tanstack/react-query';
import { ProviderTile, TileGrid } from '../providers/index.js';
import { favoriteKeys, useFavorites, useRemoveFavorite } from './api.js';
import styles from './favorites.module.css';

/** Lists reload 1000 ms after a removal. */
const reloadDelayMs = 1000;
const firstRow = 4;

export default function FavoritesPage() {
  // The route sits behind RequireMember: a member is signed in here.
  const member = useSignedInMember();
  const memberId = member.user._id;
  const favorites = useFavorites(memberId);
  const remove = useRemoveFavorite();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Set<string>>(() => new Set());
  const timers = useRef<number[]>([]);

  useEffect(() => {
    document.title = `${t.heading} · ${text.brand}`;
  }, []);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  function removeFavorite(favorite: FavoriteItem) {
    setRemoving((set) => new Set(set).add(favorite._id));
    remove.mutate(
      { _id: favorite._id, liked_by: memberId, liked_to: favorite.liked_to._id },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? t.removed);
          timers.current.push(
            window.setTimeout(() => {
              void queryClient.invalidateQueries({ queryKey: favoriteKeys.list(memberId) }).then(() =>
                setRemoving((set) => {
                  const next = new Set(set);
                  next.delete(favorite._id);
                  return next;
                }),
              );
            }, reloadDelayMs),
          );
        },
        onError: (error) => {
          toast.error(error.message);
          setRemoving((set) => {
            const next = new Set(set);
            next.delete(favorite._id);
            return next;
          });
        },
      },
    );
  }

  return (
    <section className="container page" aria-labelledby="favorites-heading">
      <h1 id="favorites-heading">{t.heading}</h1>
      <QueryState
        query={favorites}
        keepData
        empty={
          <div className={`${noticeStyles.empty} ${styles.empty}`}>
            <p>{t.none}</p>
            <Link className="btn" to={routes.search}>
              {t.findProviders}
            </Link>
          </div>
        }
      >
        {(list) => (
          <>
            <TileGrid>
              {list.map((favorite, index) => {
                const isRemoving = removing.has(favorite._id);
                return (
                  <li key={favorite._id}>
                    <ProviderTile
                      provider={favorite.liked_to}
                      to={providerCardPath(favorite.liked_to)}
                      eager={index < firstRow}
                      dimmed={isRemoving}
                    >
                      <button
                        type="button"
                        className="btn btn-outline"
                        disabled={isRemoving}
                        aria-label={t.removeLabel(favorite.liked_to.name)}
                        onClick={() => removeFavorite(favorite)}
                      >
                        {t.remove}
                      </button>
                    </ProviderTile>
                  </li>
                );
              })}
            </TileGrid>
            <ShowMore query={favorites} showError className={styles.more} />
          </>
        )}
      </QueryState>
    </section>
  );
}
