// The shared CSV rules: RFC 4180 reading, formula neutralising on writing, and a file written
// here reading back the same.

import assert from "node:assert/strict";
import { csvCell, csvFile, parseCsv, unprotectCell } from "./csv.ts";

Deno.test("reads quoted cells with commas, doubled quotes and line breaks, CRLF, LF and a BOM", () => {
  const text = '\ufeffa,"b,1","say ""hi""\nthere"\r\nc,,\n"",d,e';
  assert.deepEqual(parseCsv(text), [
    ["a", "b,1", 'say "hi"\nthere'],
    ["c", "", ""],
    ["", "d", "e"],
  ]);
  assert.deepEqual(parseCsv("x,y\n\n\nz,w\n"), [["x", "y"], ["z", "w"]]);
  assert.equal(parseCsv('a,"open'), "CSV parsing error: a quoted cell is not closed");
});

Deno.test("cells a spreadsheet would run are written as text, and read back as typed", () => {
  for (const evil of ["=1+1", "+20 100", "-5", "@SUM(A1)", "\tx", "\rx"]) {
    const cell = csvCell(evil);
    const bare = cell.startsWith('"') ? cell.slice(1) : cell;
    assert.equal(bare[0], "'", evil);
    const back = parseCsv(`${cell}\n`);
    assert.ok(Array.isArray(back));
    assert.equal(unprotectCell(back[0][0]), evil);
  }
  assert.equal(csvCell("plain"), "plain");
  assert.equal(csvCell("it's"), "it's");
  assert.equal(unprotectCell("'plain"), "'plain");
  assert.equal(csvCell(null), "");
});

Deno.test("a file written here reads back cell for cell", () => {
  const rows = [["E1", "Nour, Adel", 'said "yes"'], ["E2", "=cmd", "line\nbreak"]];
  const file = csvFile(["Code", "Name", "Note"], rows);
  assert.ok(file.startsWith("\ufeffCode,Name,Note\r\n"));
  const back = parseCsv(file);
  assert.ok(Array.isArray(back));
  assert.deepEqual(back.slice(1).map((r) => r.map(unprotectCell)), rows);
});

Deno.test("reading is linear: a 4 MB hostile file of quotes and commas is read once", () => {
  // not a timer: a quadratic reader would not finish this file in the test's life
  const hostile = '"'.repeat(2).repeat(1_000_000) + ",".repeat(2_000_000);
  const rows = parseCsv(hostile);
  assert.ok(Array.isArray(rows));
  assert.equal(rows[0].length, 2_000_001);
});
