// The live connection the member's header keeps open.
export { LiveUpdates } from './LiveUpdates.js';
