// The search fold of the user list (issue 52, item 9): the spellings of Arabic names people type
// find the names as stored, and what is not Arabic is only lower-cased.

import assert from "node:assert/strict";
import { foldSearch } from "./search_fold.ts";

Deno.test("hamza forms of alef, ta marbuta, alef maqsura, tatweel and harakat fold away", () => {
  // stored spellings and the ones typed without hamza, with ه for ة and ي for ى
  assert.equal(foldSearch("أحمد"), "احمد");
  assert.equal(foldSearch("إبراهيم"), "ابراهيم");
  assert.equal(foldSearch("آمنة"), "امنه");
  assert.equal(foldSearch("هبة"), "هبه");
  assert.equal(foldSearch("مصطفى"), "مصطفي");
  // tatweel (kashida) and harakat: fatha, damma, kasra, shadda, sukun, tanwin, dagger alef
  assert.equal(foldSearch("مـحـمـد"), "محمد");
  assert.equal(foldSearch("مُحَمَّد"), "محمد");
  assert.equal(foldSearch("شُكْرًا"), "شكرا");
  assert.equal(foldSearch("هٰذا"), "هذا");
  // a typed query folds to the same text as the stored name
  assert.equal(foldSearch("احمد"), foldSearch("أَحْمَد"));
  assert.equal(foldSearch("مصطفي"), foldSearch("مصطفى"));
});

Deno.test("the fold lower-cases Latin text and leaves other letters as they are", () => {
  assert.equal(foldSearch("Nadia FOUAD cai"), "nadia fouad cai");
  assert.equal(
    foldSearch("U1\u0000Ahmed Ali\u0000a@x.eg\u0000CAI"),
    "u1\u0000ahmed ali\u0000a@x.eg\u0000cai",
  );
  // ه, ي, ا and other letters stay; digits too
  assert.equal(foldSearch("هيا ٣ كريم"), "هيا ٣ كريم");
});
