// The bots by strength, as the setup form offers them: the server lists each bot of the
// rules crate with its level and what it does (#play-bot-levels, src/http/play_rules.rs),
// and this reads that list, so that no bot's name or description is written here.
import { $ } from './dom.js';

/** Each bot: `{ name, level, does }`, weakest first (none when the list is missing). */
export function levels() {
  const list = $('play-bot-levels');
  if (!list) return [];
  return [...list.querySelectorAll('li[data-bot]')].map((li) => ({ name: li.dataset.bot, level: li.dataset.level, does: li.dataset.does }));
}

/** What a seat's select shows for `kind` (a person, or a bot by its level). */
export function seatText(kind) {
  const bot = levels().find((b) => b.name === kind);
  return bot ? bot.level + ' bot (' + bot.name + ')' : kind;
}
