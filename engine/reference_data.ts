// Built-in reference data from the specification (portal-and-converter.md section 3) and the
// code lists of domain/cargo-messages.md. The API seeds its lists from these; the engine falls
// back to them when the caller passes no lists.

/** Default ULD tare weights in kg by 3-character ULD type (spec: built-in default reference data). */
export const DEFAULT_ULD_WEIGHTS: Readonly<Record<string, number>> = Object.freeze({
  AA4: 215,
  AAF: 180,
  AAP: 200,
  AAU: 210,
  AKC: 80,
  AKE: 105,
  AKH: 103,
  AKN: 70,
  ALF: 160,
  AMA: 260,
  AMF: 190,
  AMU: 230,
  AVA: 70,
  AVB: 70,
  AVC: 80,
  AVD: 80,
  AVJ: 80,
  AVK: 80,
  AVN: 70,
  AVY: 80,
  AW2: 180,
  AWA: 160,
  AWB: 180,
  AWC: 160,
  AWD: 180,
  AWF: 160,
  AWZ: 180,
  DKN: 100,
  DLP: 180,
  DVA: 70,
  DVE: 70,
  DVN: 70,
  DVP: 70,
  DWP: 180,
  FLA: 90,
  HMA: 1250,
  MWB: 180,
  P1A: 120,
  P1P: 125,
  P6C: 130,
  P6P: 130,
  P9A: 90,
  P9B: 90,
  P9P: 90,
  P9R: 90,
  PAA: 120,
  PAG: 125,
  PAJ: 120,
  PAP: 120,
  PLA: 67,
  PLB: 90,
  PMA: 130,
  PMC: 130,
  PMP: 130,
  PQP: 130,
  RAP: 230,
  RAU: 230,
  RKN: 70,
  RVN: 70,
  XAW: 170,
  XKN: 88,
});

/** Default DGSL codes (the spec's 40): special-handling codes that are kept on UWS lines. */
export const DEFAULT_DGSL: readonly string[] = Object.freeze(
  (
    "ALI ALM AOG AVI BIG CAO COL DIP ELI ELM FAM FIL HEG HUM ICE LHO MAG OHG PEF PER PES PET " +
    "RCM RCX RFG RFL RFS RFW RGX RMD RNG RPB RRY RSC RXB RXD RXE RXG RXS VAL"
  ).split(" "),
);

/** Default XDGSL codes: kept on UWS lines and shown red in the output. */
export const DEFAULT_XDGSL: readonly string[] = Object.freeze(["AVD", "AVB"]);

/** Owner codes of rented ULDs by default (extractor settings). */
export const DEFAULT_RENTED_CODES: readonly string[] = Object.freeze(["R7", "C6", "R9"]);

/** The airline's own owner code when a message names no flight (extractor settings). */
export const DEFAULT_OWNER_CODE = "MS";

/**
 * ULD type codes the extractor knows besides the reference ULD list: the types of
 * domain/cargo-messages.md section 5 and of the real and reference samples.
 */
export const KNOWN_ULD_TYPES: readonly string[] = Object.freeze(
  (
    "AKE AKN AKH AKC PLA PLB PMC P6P PAG P1P PAJ PAP P1G DPE ALP ALF AAF AAU AMU DQF PNA AAP " +
    "AMA AMD PGA PRA RKN RAP AGA AVE DVA AVM PGF FQA"
  ).split(" "),
);

/** One Light AKE entry: a full ULD id with an optional tare that overrides the AKE type weight. */
export interface LightAkeEntry {
  /** Full ULD id, AKE + 5 digits + 2-character owner. */
  name: string;
  /** Tare in kg used instead of the AKE type weight, when present. */
  weight?: number;
}

/** Default Light AKE list: empty, because the original app's three ids are not known (design 4.2). */
export const DEFAULT_LIGHT_AKE: readonly LightAkeEntry[] = Object.freeze([]);

/**
 * Special-handling codes known from Cargo-IMP list 1.14/1.16 and from real traffic
 * (domain/cargo-messages.md section 4); used to split codes glued together (`EAWGEN`).
 */
export const KNOWN_SHC_CODES: readonly string[] = Object.freeze(
  (
    // 4.1 dangerous-goods codes
    "CAO ELI ELM RCM RCL RFW ICE REX RCX RGX RLI RLM RXB RXC RXD RXE RXG RXS RFG RFL RFS RIS " +
    "MAG RMD RNG ROP ROX RPB RPG RSB RRW RRY RSC REQ RRE RDS " +
    // 4.2 general special-handling codes
    "ACT AOG BUP CAT NSC SHR COM ECP ECC CRT COL DIP EAP EAW PES PEF EAT FRI FRO PEP ATT GOH " +
    "HEG HEA HUM PEA SCO SPF SPX LIC AVI LHO MAL PEM MUW NWP OBX BIG OHG PAC PER PIL XPS QRT " +
    "RAC SHL WET SWP SUR FIL VAL VIC VOL VUN " +
    // seen in real traffic, not in the 2014 manual
    "GEN BUC MCO SBY OSC EIC RBI RBM"
  ).split(" "),
);

/** The reference lists of the engine's options, each replaced by its built-in default when absent or malformed. */
export function referenceLists(options: unknown): {
  uldWeights: Readonly<Record<string, number>>;
  dgslCodes: readonly string[];
  xdgslCodes: readonly string[];
  lightAke: readonly LightAkeEntry[];
} {
  const o = (typeof options === "object" && options !== null ? options : {}) as Record<
    string,
    unknown
  >;
  const codes = (value: unknown, fallback: readonly string[]) =>
    Array.isArray(value)
      ? value.filter((c): c is string => typeof c === "string").map((c) => c.toUpperCase())
      : fallback;
  const weights = o.uldWeights;
  const uldWeights = typeof weights === "object" && weights !== null && !Array.isArray(weights)
    ? Object.fromEntries(
      Object.entries(weights).filter((e): e is [string, number] =>
        typeof e[1] === "number" && Number.isFinite(e[1])
      )
        .map(([k, v]) => [k.toUpperCase(), v]),
    )
    : DEFAULT_ULD_WEIGHTS;
  const lightAke = Array.isArray(o.lightAke)
    ? o.lightAke.filter((e): e is LightAkeEntry =>
      typeof e === "object" && e !== null && typeof e.name === "string"
    )
    : DEFAULT_LIGHT_AKE;
  return {
    uldWeights,
    dgslCodes: codes(o.dgslCodes, DEFAULT_DGSL),
    xdgslCodes: codes(o.xdgslCodes, DEFAULT_XDGSL),
    lightAke,
  };
}
