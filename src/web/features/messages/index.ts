// What messages offer other features: the header link, the message dialog and the query keys the
// live stream refreshes.
export { messageKeys } from './api.js';
export { MessageDialog } from './MessageDialog.js';
export { MessagesLink } from './MessagesLink.js';
