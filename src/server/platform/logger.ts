// The process's logger. Every error it is given, under `err`, `error` or `cause`, goes through
// loggableError: a failed statement is logged without the values it carried (a password hash,
// a member's phone), whichever part of the server logs it.
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import { loggableError } from '../errors.js';

export const logSerializers = { err: loggableError, error: loggableError, cause: loggableError };

export function createLogger(level: Level | 'silent', destination?: DestinationStream): Logger {
  return pino({ level, serializers: logSerializers }, destination);
}
