// Security headers on every answer: API, errors, web app, images and /docs. helmet writes them;
// they are the same for every request, so helmet runs once, at start, and each answer gets a copy.
// (@fastify/helmet built helmet's middleware again on every request, parsing the policy each time:
// 16% of the server's time on a cached catalogue read.)
import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The headers helmet sets, as it would set them on an answer. */
function headersOf(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const answer = new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
  helmet(options)(answer.req, answer, () => {});
  return Object.fromEntries(Object.entries(answer.getHeaders()).map(([name, value]) => [name, String(value)]));
}

export function addSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // No 'unsafe-eval' either: the web app turns zod's JIT (new Function) off in main.tsx.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // The built app has no inline <style> or style attribute in its HTML; React's style
        // props are set through the DOM, which style-src does not govern.
        styleSrc: ["'self'"],
        // Image pickers preview the chosen file from a blob: URL.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Production runs behind TLS; a development server on plain http must not pin its host to https.
    // Other subdomains of the operator's domain are not ours to pin.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
