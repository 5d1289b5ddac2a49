// What the site's pages offer other features: the page for a link that names nothing.
export { default as NotFoundPage } from './NotFoundPage.js';
