// The extraction the page runs in the engine worker when a message is typed or pasted
// (bridge.ts warm): a worker's first run pays for loading, parsing and compiling the engine,
// about as much again as the run itself on a slow PC. A small paste in the forms a day of traffic
// holds (CPM in both flight-line orders, UCM IN and OUT, mail and Type B envelopes, 4-digit
// serials, 3-letter owners, unknown load types) has the engine's code compiled before the user's
// own first run.

/** The messages of one flight, its number and date given. */
function flight(n: number): string {
  const f = `KE${600 + n}`;
  return [
    "QU DXBKKQR DXBUUQR",
    ".CAIKKQR 190800",
    "CPM",
    `${f}/03AUG26.G5122.4/1.CANCDG`,
    `-11L/AKE1${n % 10}001KE/60/CDG/QM/M`,
    `-11R/AAF1${n % 10}002KE/97/CDG/QM/C-12L/AKN0003R7/134/CDG/Q6/C`,
    `-12R/PMC1${n % 10}004AGH/171/CDG/Q7/K`,
    "-5/CDG/260/B",
    "-51L/N",
    "SI NIL",
    "From: CANKKKE@typeb.example",
    "Subject: ULD MESSAGE KE",
    "",
    "CPM",
    `QR${800 + n}/11.A62311.CAI`,
    `-11L/PKC1${n % 10}063QR/DXB/C/60-11R/AAF1${n % 10}064C6/DXB/C/97`,
    `-12L/P1G1${n % 10}065QR/DXB/B/134`,
    "<HEADER>",
    "PRIORITY: QU",
    "ORIGIN: CDGKKKE",
    "</HEADER>",
    "UCM",
    `${f}/03AUG.G5122.CAN`,
    "OUT",
    `.AKE1${n % 10}001KE/CDG/M.AAF1${n % 10}002KE/CDG/C.AKN0003R7//X`,
    `.PMC1${n % 10}004AGH//K.RKN1${n % 10}005R9/CDG/B`,
    "SI NIL",
    "UCM",
    `${f}/03AUG.G5122.CDG`,
    "IN",
    `.AKE1${n % 10}001KE//M.AAF1${n % 10}002KE//C.AKN0003R7//C`,
    "OUT",
    ".N",
  ].join("\n");
}

/** Flights in the warm-up paste: enough runs of each parser path for the engine to compile it. */
const FLIGHTS = 40;

/** The warm-up paste (about 40 KB: its trip to the worker costs the page well under 1 ms). */
export const WARM_UP_TEXT: string = Array.from({ length: FLIGHTS }, (_, n) => flight(n)).join("\n");
