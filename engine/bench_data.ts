// Deterministic generated messages for the benchmarks: the same seed gives the same text. The day
// of traffic for the extractor is in uld/generated_traffic.ts (the worker warms the extractor with it).

import { seededRandom } from "./uld/generated_traffic.ts";

const DESCRIPTIONS = ["BOOKS", "MACHINE PARTS", "CONSOL", "GARMENTS", "SPARE PARTS", "MEDICINES"];
const SHC_LINES = ["/RFL", "/ELI/HEA", "/PER/COL", "/MAG", "/AVI", "/ICE/RCM", "/GEN"];
const ULD_TYPES = ["AKE", "PMC", "PAG", "AKN", "PLA", "RKN"];
const POUS = ["JFK", "BOS"];

/**
 * A single-part FFM/8 of about `bytes` characters in the shape of real traffic: two points of
 * unloading, bulk and ULD consignments, SHC, DIM, OSI, OCI and onward lines, kg and lb weights.
 */
export function generateFfm(bytes: number, seed = 42): string {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const lines = ["QD CAIKLMS JFKFFMS", ".CAIFFMS 221530", "FFM/8", "1/MS985/22NOV/CAI/SUGDM"];
  let size = lines.reduce((s, l) => s + l.length + 1, 0);
  let uld = 0;
  let awb = 1000000;
  const push = (...added: string[]) => {
    for (const line of added) {
      lines.push(line);
      size += line.length + 1;
    }
  };
  const consignment = (pou: string) => {
    awb++;
    const serial = String(awb).padStart(7, "0");
    const pounds = rnd() < 0.05;
    const weight = (rnd() * 900 + 1).toFixed(rnd() < 0.5 ? 0 : 1);
    push(
      `074-${serial}${awb % 7}CAI${pou}/T${1 + Math.floor(rnd() * 40)}${
        pounds ? "L" : "K"
      }${weight}` +
        `MC${(rnd() * 5).toFixed(2)}/${pick(DESCRIPTIONS)}`,
    );
    const r = rnd();
    if (r < 0.3) push(pick(SHC_LINES));
    if (r > 0.9) push("DIM/K25.5/CMT69-68-70/1");
    if (r > 0.95) push("OSI/HANDLE WITH CARE");
    if (r > 0.97) push("OCI/US/ISS/RA/001-011", "///ED/0213");
    if (r > 0.8 && r < 0.85) push("/YYZKL667/19MAR");
  };
  while (size < bytes - 16) {
    for (const pou of POUS) {
      if (size >= bytes - 16) break;
      push(pou);
      for (let i = 0; i < 20; i++) consignment(pou);
      for (let u = 0; u < 40 && size < bytes - 16; u++) {
        uld++;
        push(`ULD/${pick(ULD_TYPES)}${String(10000 + (uld % 90000)).padStart(5, "0")}MS`);
        const items = 1 + Math.floor(rnd() * 8);
        for (let i = 0; i < items; i++) consignment(pou);
      }
    }
  }
  push("LAST");
  return lines.join("\n");
}

const UCM_TYPES = ["AKE", "AKE", "AKE", "PMC", "PAG", "PLA", "AKN", "DPE"];
const UCM_OWNERS = ["MS", "MS", "MS", "R7", "C6", "R9", "LH", "EY"];
const UCM_CODES = ["B", "C", "X", "M", ""];
const UCM_DESTS = ["JFK", "LHR", "", "CAI"];

/** A UCM of about `bytes` characters: IN and OUT sections, three items a line, some fields empty. */
export function generateUcm(bytes: number, seed = 7): string {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const lines = ["QU CAIKLMS CAIUCMS", ".CAIUCMS 221530", "UCM", "MS985/22NOV.SUGDM.CAI", "IN"];
  let size = lines.reduce((s, l) => s + l.length + 1, 0);
  let serial = 10000;
  let out = false;
  while (size < bytes - 8) {
    if (!out && size > bytes / 2) {
      lines.push("OUT");
      out = true;
    }
    let line = "";
    for (let k = 0; k < 3; k++) {
      serial = serial >= 99999 ? 10000 : serial + 1;
      const dest = pick(UCM_DESTS);
      const code = pick(UCM_CODES);
      line += `.${pick(UCM_TYPES)}${serial}${pick(UCM_OWNERS)}${dest || code ? `/${dest}` : ""}${
        code ? `/${code}` : ""
      }`;
    }
    lines.push(line);
    size += line.length + 1;
  }
  lines.push("SI NIL");
  return lines.join("\n");
}
