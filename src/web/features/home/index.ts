// What the home page offers other pages: its search and location controls.
export { ChooseLocation, HomeSearch, SearchControls } from './HomeSearch.js';
