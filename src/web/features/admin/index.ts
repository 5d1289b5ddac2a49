// What the back-office shell offers the domains' admin screens.
export { default as AdminShell } from './AdminShell.js';
