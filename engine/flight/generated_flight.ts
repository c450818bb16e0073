// A generated flight for the flight check's benchmark (issue 25): an FFM with a number of ULDs,
// a 64-column printed NOTOC with one item per dangerous-goods consignment, and the CPM and UCM
// that agree with them, deterministic for a seed. The messages tell the same story, so the check
// finds nothing: the benchmark times the whole reading, not an early stop.

import { convertFfm } from "../ffm/convert.ts";
import { seededRandom } from "../uld/generated_traffic.ts";

/** One flight's messages, and all of them in one paste. */
export interface GeneratedFlight {
  ffm: string;
  notoc: string;
  cpm: string;
  ucm: string;
  paste: string;
}

/** DG codes with a proper shipping name, class and UN number for the NOTOC's items. */
const GOODS: readonly { code: string; name: string; dgClass: string; un: string }[] = [
  { code: "RFL", name: "PAINT", dgClass: "3", un: "1263" },
  { code: "RCM", name: "CORROSIVE LIQUID, N.O.S.", dgClass: "8", un: "1760" },
  { code: "RFG", name: "AEROSOLS, FLAMMABLE", dgClass: "2.1", un: "1950" },
  { code: "MAG", name: "MAGNETIZED MATERIAL", dgClass: "9", un: "2807" },
  { code: "RPB", name: "TOXIC LIQUID, ORGANIC, N.O.S.", dgClass: "6.1", un: "2810" },
  { code: "ICE", name: "DRY ICE", dgClass: "9", un: "1845" },
];

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** The CPM position of the i-th ULD: rows 11 to 44, left and right. */
const positionOf = (i: number) =>
  `${11 + Math.floor(i / 2) + Math.floor(i / 8) * 2}${i % 2 ? "R" : "L"}`;

/** An FFM of `ulds` ULDs holding `items` DG consignments among their general cargo. */
function manifest(ulds: number, items: number, random: () => number) {
  const lines = ["FFM/8", "1/AC857/23APR/LHR/HB-IHA", "YYZ"];
  const dg: { uld: string; awb: string; kg: number; goods: (typeof GOODS)[number] }[] = [];
  let awb = 24000000;
  for (let u = 0; u < ulds; u++) {
    const id = `AKE${pad(10000 + u, 5)}AC`;
    lines.push(`ULD/${id}`);
    const own = Math.floor(items / ulds) + (u < items % ulds ? 1 : 0);
    for (let k = 0; k < own + 2; k++) {
      const kg = 20 + Math.floor(random() * 180);
      const number = `014-${pad(awb++, 8)}`;
      if (k < own) {
        const goods = GOODS[(u + k) % GOODS.length];
        lines.push(`${number}LHRYYZ/T1K${kg}MC0.1/${goods.name.slice(0, 15)}`, `/${goods.code}`);
        dg.push({ uld: id, awb: number.slice(4), kg, goods });
      } else lines.push(`${number}LHRYYZ/T2K${kg}MC0.4/CONSOLIDATION`);
    }
  }
  lines.push("LAST");
  return { ffm: lines.join("\n"), dg };
}

/** The 64-column NOTOC of the DG consignments (domain 8.4), positions as on the CPM. */
function notocOf(dg: ReturnType<typeof manifest>["dg"], position: Map<string, string>): string {
  const lines = [
    "NOTOC",
    "SPECIAL LOAD NOTIFICATION TO CAPTAIN    EDNO 01",
    "FROM   FLIGHT       DATE       A/C REG",
    "LHR    AC857/23     23APR26    C-FIVQ",
    "*".repeat(63),
    "*** DANGEROUS GOODS ***",
    "TO  AWB      CL/DV UN/ID SUB PCS  QTY/TI RRR PCK IMP  CAO   POS",
    "    NR        COMP  NR   RSK             CAT GRP CODE  ULD/CODE",
    "-".repeat(63),
  ];
  dg.forEach((d, i) => {
    const quantity = `${d.kg}.0K`;
    lines.push(
      `${pad(i + 1, 2)}.${d.goods.name}`,
      "EMERGENCY RESPONSE CODE 3L",
      `YYZ          ${d.goods.dgClass.padEnd(6)}UN/       1    ${quantity.padEnd(15)}` +
        `${d.goods.code}  N      ${position.get(d.uld)}`,
      `    ${d.awb}       ${d.goods.un}                               ${d.uld}`,
      " ",
    );
  });
  lines.push(
    "*".repeat(63),
    "SI EMERGENCY CONTACT +1 555 0100",
    "THERE IS NO EVIDENCE THAT ANY DAMAGED OR LEAKING PACKAGES",
    "CONTAINING DANGEROUS GOODS HAVE BEEN LOADED ON THE AIRCRAFT.",
    "LOADING SUPERVISOR              CAPTAIN SIGNATURE",
  );
  return lines.join("\n");
}

/** A flight of `ulds` ULDs with a NOTOC of `items` items, its CPM and UCM agreeing with both. */
export function generateFlight(ulds = 60, items = 200, seed = 25): GeneratedFlight {
  const { ffm, dg } = manifest(ulds, items, seededRandom(seed));
  const uws = convertFfm(ffm).ulds;
  const position = new Map(uws.map((u, i) => [u.id, positionOf(i)]));
  const notoc = notocOf(dg, position);
  const cpm = [
    "CPM",
    "AC857/23.CFIVQ.YYZ",
    ...uws.map((u) => `-${position.get(u.id)}/${u.id}/YYZ/${u.grossWeight}/C`),
    "SI",
  ].join("\n");
  const ucm = [
    "UCM",
    "AC857/23.CFIVQ.LHR",
    "OUT",
    ...uws.map((u) => `.${u.id}/YYZ`),
    "SI",
  ].join("\n");
  return { ffm, notoc, cpm, ucm, paste: [ffm, notoc, cpm, ucm].join("\n") };
}
