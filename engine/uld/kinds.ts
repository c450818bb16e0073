// The extractor's reader of each message kind it reads (messages/recognise.ts EXTRACTOR_KINDS):
// a new kind is a reader module and a line here.

import type { ExtractorKind } from "../messages/recognise.ts";
import { CPM_READER } from "./read_cpm.ts";
import { SCM_READER } from "./read_scm.ts";
import { UCM_READER } from "./read_ucm.ts";
import type { KindReader } from "./reader.ts";

/** The reader of each kind the extractor reads. */
export const KIND_READERS: Readonly<Record<ExtractorKind, KindReader>> = {
  UCM: UCM_READER,
  CPM: CPM_READER,
  SCM: SCM_READER,
};
