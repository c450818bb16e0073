// The user list's search fold (issue 52, item 9): the index's search text and the query are
// folded alike, so that the common spellings of an Arabic name find it as stored ("احمد" finds
// "أحمد", "هبه" finds "هبة"). The stored index holds the fields as written; the fold is made
// when a process reads them (users/index_buckets.ts), so a store of any age searches folded.

/** The block of Arabic characters the fold may change. */
const FIRST = 0x0610, LAST = 0x06ed;

/** What each character of the block becomes: a letter, "" (dropped), or undefined (kept). */
const FOLD: (string | undefined)[] = (() => {
  const table: (string | undefined)[] = new Array(LAST - FIRST + 1);
  const drop = (from: number, to = from) => {
    for (let c = from; c <= to; c++) table[c - FIRST] = "";
  };
  // marks written over or under a letter: Quranic signs, the harakat (tanwin to sukun) and the
  // marks after them, the dagger alef, the small high and low marks; and tatweel
  drop(0x0610, 0x061a);
  drop(0x064b, 0x065f);
  drop(0x0670);
  drop(0x06d6, 0x06dc);
  drop(0x06df, 0x06e8);
  drop(0x06ea, 0x06ed);
  drop(0x0640);
  // hamza forms of alef (آ أ إ) to ا, ta marbuta (ة) to ه, alef maqsura (ى) to ي
  for (const c of [0x0622, 0x0623, 0x0625]) table[c - FIRST] = "\u0627";
  table[0x0629 - FIRST] = "\u0647";
  table[0x0649 - FIRST] = "\u064a";
  return table;
})();

const MAY_FOLD = /[\u0610-\u06ed]/;

/** Text as the list's search compares it: lower-cased, with the Arabic spellings folded. A text
 * without Arabic is only lower-cased (one scan; the index folds every user's text at a cold
 * start). */
export function foldSearch(text: string): string {
  const lower = text.toLowerCase();
  if (!MAY_FOLD.test(lower)) return lower;
  let out = "";
  let from = 0;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c < FIRST || c > LAST) continue;
    const to = FOLD[c - FIRST];
    if (to === undefined) continue;
    out += lower.slice(from, i) + to;
    from = i + 1;
  }
  return from === 0 ? lower : out + lower.slice(from);
}
