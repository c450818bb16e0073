// A generated day of UCM and CPM traffic (design 8): 20 carriers, gateway headers and every variant
// of domain 4.5, deterministic for a seed. The benchmarks and tests extract it, and the engine
// worker extracts a small one to warm the extractor up before the user's first run (warm_up.ts).

/** A small seeded PRNG (mulberry32) returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CARRIERS = [
  "MS",
  "PK",
  "CZ",
  "EY",
  "LH",
  "BA",
  "AF",
  "KL",
  "QR",
  "EK",
  "TK",
  "SV",
  "ET",
  "KE",
  "CX",
  "SQ",
  "AA",
  "DL",
  "UA",
  "RJ",
];
const STATIONS = [
  "CAI",
  "JFK",
  "LHR",
  "FRA",
  "CDG",
  "AMS",
  "DOH",
  "DXB",
  "IST",
  "JED",
  "ADD",
  "ICN",
  "HKG",
  "SIN",
  "BUD",
  "CAN",
  "KHI",
  "AUH",
  "ORD",
  "AMM",
];
/** Reference types and types known only by the IATA structure (PKC, FQA, P1G, AMJ, XKN...). */
const TRAFFIC_TYPES = [
  "AKE",
  "AKE",
  "AKE",
  "AKE",
  "AKH",
  "AKN",
  "PMC",
  "PMC",
  "PAG",
  "PKC",
  "PLA",
  "P1G",
  "FQA",
  "DPE",
  "RKN",
  "AAF",
  "PGA",
  "P6P",
  "XKN",
  "AMJ",
];
const HANDLERS = ["AGH", "JDA", "ULD"];
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** What the traffic generator threads through its steps: the random source and the lines. */
interface Traffic {
  rnd: () => number;
  pick: <T>(list: readonly T[]) => T;
  out: string[];
  /** The serial of the last ULD made (10000-99999, round again). */
  serial: number;
}

interface TrafficUld {
  id: string;
  dest: string;
  load: string;
  kg: number;
}

/** The envelope before a message: Type-B, a `<HEADER>` block, e-mail headers or none. */
function pushEnvelope(t: Traffic, from: string, to: string, carrier: string): void {
  const r = t.rnd();
  if (r < 0.35) t.out.push(`QU ${to}KK${carrier} ${to}UU${carrier}`, `.${from}KK${carrier} 190800`);
  else if (r < 0.7) {
    t.out.push("<HEADER>");
    const extra = 1 + Math.floor(t.rnd() * 6);
    const fields = [
      "PRIORITY: QU",
      `DESTINATION: ${to}KK${carrier}`,
      `ORIGIN: ${from}KK${carrier}`,
    ];
    for (let k = 0; k < extra; k++) t.out.push(fields[k % 3] + (k >= 3 ? ` (${k})` : ""));
    t.out.push("</HEADER>");
  } else if (r < 0.85) {
    t.out.push(
      `From: ${from}KK${carrier}@typeb.example`,
      `Subject: ULD MESSAGE ${carrier}`,
      "Date: 19 Sep 2026 08:00",
      "",
    );
  }
}

/** The units of one flight: mostly the carrier's own, some rented, foreign or a handler's. */
function flightUlds(t: Traffic, carrier: string, to: string): TrafficUld[] {
  const { rnd, pick } = t;
  const units = 28 + Math.floor(rnd() * 38);
  const ulds: TrafficUld[] = [];
  for (let u = 0; u < units; u++) {
    t.serial = t.serial >= 99999 ? 10000 : t.serial + 1;
    const r = rnd();
    const owner = r < 0.7
      ? carrier
      : r < 0.8
      ? pick(["R7", "C6", "R9"])
      : r < 0.95
      ? pick(CARRIERS)
      : pick(HANDLERS);
    const s = rnd() < 0.03 ? String(t.serial).slice(1) : String(t.serial);
    const load = rnd() < 0.03 ? pick(["K", "D"]) : pick(["B", "C", "C", "M", "X", "E"]);
    ulds.push({ id: `${pick(TRAFFIC_TYPES)}${s}${owner}`, dest: to, load, kg: 60 + u * 37 });
  }
  return ulds;
}

/** The departure's CPM, in one of the flight-line and field-order variants. */
function pushCpm(
  t: Traffic,
  flight: string,
  day: string,
  date: string,
  reg: string,
  route: string,
  ulds: TrafficUld[],
): void {
  const { rnd, pick, out } = t;
  const variant = Math.floor(rnd() * 3);
  out.push(
    "CPM",
    variant === 0
      ? `${flight}/${date}26.${reg}.4/1.${route}`
      : variant === 1
      ? `${flight}/${day}.${reg}.${route.slice(0, 3)}`
      : `${flight}/${date}.${reg}.C48Y312`,
  );
  let pending = "";
  ulds.forEach((u, k) => {
    const pos = `${11 + Math.floor(k / 2)}${k % 2 ? "R" : "L"}`;
    const line = variant === 0
      ? `-${pos}/${u.id}/${u.kg}/${u.dest}/${pick(["Q6", "QM", "Q7"])}/${u.load}`
      : variant === 1
      ? `-${pos}/${u.id}/${u.dest}/${u.load}/${u.kg}`
      : `-${pos}/${u.id}/${u.dest}/${u.kg}/${u.load}${u.load === "C" ? ".HEA" : ""}`;
    if (k % 5 === 4) {
      out.push(pending + line);
      pending = "";
    } else if (k % 5 === 3) pending = line;
    else out.push(line);
  });
  if (pending !== "") out.push(pending);
  out.push(`-5/${route.slice(3)}/260/B`, "-51L/N", "SI NIL");
}

/** The departure's UCM OUT items: the same units, some read otherwise (a conflict). */
function pushUcmOutItems(t: Traffic, ulds: TrafficUld[]): void {
  const { rnd } = t;
  const item = (u: TrafficUld) => {
    const load = rnd() < 0.02 ? (u.load === "X" ? "E" : "X") : u.load;
    return rnd() < 0.5 ? `.${u.id}/${u.dest}/${load}` : `.${u.id}//${load}`;
  };
  for (let k = 0; k < ulds.length; k += 3) t.out.push(ulds.slice(k, k + 3).map(item).join(""));
  t.out.push("SI NIL");
}

/**
 * A day of a station's Type-B mailbox (design 8): `messages` UCM and CPM messages of 20 carriers.
 * Each flight gives the departure's CPM, its UCM OUT and the arrival's UCM IN, so units repeat
 * across messages, a few readings conflict and the stations' balances have units out without in.
 * Every variant of design 4.5 is in it: Type-B envelopes, `<HEADER>` blocks of 3 to 8 lines and
 * e-mail headers; flight lines with a year, a 4/1 element, a route or a version; CPM fields in
 * either order with contour codes, two positions a line, bulk and empty positions; 3-letter
 * owners, 4-digit serials, IATA types outside the reference list, unknown load types.
 */
export function generateTraffic(messages = 1000, seed = 11): string {
  const rnd = seededRandom(seed);
  const t: Traffic = {
    rnd,
    pick: (list) => list[Math.floor(rnd() * list.length)],
    out: [],
    serial: 10000,
  };
  const { pick, out } = t;
  let count = 0;
  while (count < messages) {
    const carrier = pick(CARRIERS);
    const from = pick(STATIONS);
    let to = pick(STATIONS);
    if (to === from) to = STATIONS[(STATIONS.indexOf(from) + 1) % STATIONS.length];
    const flight = `${carrier}${100 + Math.floor(rnd() * 900)}`;
    const day = String(1 + Math.floor(rnd() * 28)).padStart(2, "0");
    const date = `${day}${pick(MONTHS)}`;
    const reg = `${pick(["B-", "A6", "SU", "G", "OY-"])}${Math.floor(rnd() * 9000 + 1000)}`;
    const ulds = flightUlds(t, carrier, to);
    if (count++ === messages) break;
    pushEnvelope(t, from, to, carrier);
    pushCpm(t, flight, day, date, reg, `${from}${to}`, ulds);
    if (count++ === messages) break;
    pushEnvelope(t, from, to, carrier);
    out.push("UCM", `${flight}/${date}.${reg}.${from}`, "OUT");
    pushUcmOutItems(t, ulds);
    // the arrival's UCM IN
    if (count++ === messages) break;
    pushEnvelope(t, to, from, carrier);
    out.push("UCM", `${flight}/${date}.${reg}.${to}`, "IN");
    for (let k = 0; k < ulds.length; k += 3) {
      out.push(ulds.slice(k, k + 3).map((u) => `.${u.id}//${u.load}`).join(""));
    }
    out.push("OUT", ".N");
  }
  return out.join("\n") + "\n";
}
