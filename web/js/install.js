// The list of games (/play): registers the play pages' service worker (offline.js), so
// that the games open with the network off after one visit.
import { register } from './offline.js';

register();
