// What favourites offer other features: whether a provider is a favourite, and adding one.
export { useAddFavorite, useFavoriteCheck } from './api.js';
