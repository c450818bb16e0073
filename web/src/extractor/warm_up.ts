// The extraction the page runs in the engine worker when a message is typed or pasted
// (bridge.ts warm): the user's first Run then finds the worker started, the engine's module
// loaded and its parsers run once, instead of paying for them after the click. Measured in the
// browser bench (5 fresh workers each, in turns, 2-core host): the first day-of-traffic run's own
// time in the worker, counted from after the engine has loaded, is not shortened by it (340 vs
// 345 ms and 320 vs 294 ms with and without; a 400-flight warm-up gave 318 vs 317 ms), so that
// cost is not compiling (likely the fresh worker's heap growing to the run's size; not measured).

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
