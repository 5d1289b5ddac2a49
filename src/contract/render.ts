// The edge between the server and the web app's server entry (src/web/entry-server.tsx): the
// server hands it the URL of a public page and a way to call its own API; it answers the drawn
// page, or says the browser draws this one.

/** A call of the API made while a page is drawn: the path with its query, and the request. */
export type RenderCall = (url: string, init: RequestInit) => Promise<Response>;

export type RenderResult =
  /** A public page, drawn: the markup of #root and the state the browser hydrates from (JSON). */
  | { kind: 'page'; status: 200 | 404; body: string; state: string }
  /** A page drawn in the browser only (signed-in and back-office screens). */
  | { kind: 'shell' }
  | { kind: 'redirect'; status: number; location: string };

/** The route a path names, found without drawing it (the route table's `drawn(…)`). */
export type PageRoute =
  /**
   * A page the server draws, with the query parameters it reads, in a stable order: the server
   * keeps the page under the URL with only those. `notFound`: the 404 page.
   */
  | { kind: 'page'; query: readonly string[]; notFound: boolean }
  /** A page the browser draws, whatever its query says. */
  | { kind: 'shell' };

export interface PageRenderer {
  /** `path`: a URL's path, without its query. */
  route(path: string): PageRoute;
  /** `url`: the page's path and query (only the parameters it reads). */
  render(url: string): Promise<RenderResult>;
}

/** What the server entry module exports. */
export interface ServerEntry {
  createRenderer(call: RenderCall): PageRenderer;
}

/** The id of the script element that carries the state a drawn page hydrates from. */
export const pageStateId = 'page-state';

/** What that element holds: the answers the page was drawn with, and the router's state. */
export interface PageState {
  queries: unknown;
  router: unknown;
}
