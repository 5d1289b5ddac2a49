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

export interface PageRenderer {
  /** `url`: the page's path and query, as the browser asked for it. */
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
