// Every request has an id: in each log line about it (pino's reqId), in the x-request-id header of
// its answer and in the body of an error. A proxy's or client's x-request-id is kept when it is a
// short plain token, so one id follows a request across services; anything else could forge log
// lines or bloat them, and is replaced.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const requestIdHeader = 'x-request-id';

const safeId = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[requestIdHeader];
  return typeof sent === 'string' && safeId.test(sent) ? sent : crypto.randomUUID();
}
