export { screenJson, screenSummary } from './format.js';
export { CSV_COLUMNS, readList } from './read-list.js';
export { checkListHead, listName, type ScreenOptions, type ScreenResult, screenList } from './screen.js';
