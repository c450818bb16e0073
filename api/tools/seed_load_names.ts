// The load data's vocabulary (seed_load.ts): station codes, names in English and Arabic, job
// titles, and the seeded generator that draws from them, so the same plan loads the same data.

/** Stations with real IATA codes, the busiest of the group first. */
const REAL_STATIONS = (
  "CAI LXR HRG SSH ASW ABS RMF HBE ATZ SPX JED RUH DMM MED DXB AUH DOH KWI BAH MCT AMM BEY " +
  "KRT ADD NBO LOS ACC CMN TUN ALG IST ATH FCO MXP CDG FRA MUC LHR JFK BKK"
).split(" ");
/** English first names. */
export const FIRST = (
  "Ahmed Mohamed Mahmoud Omar Youssef Mostafa Karim Hassan Tarek Khaled Amr Sherif Hany " +
  "Walid Ibrahim Ali Sara Mona Nour Yasmin Dina Rania Heba Mai Aya Salma Laila Farida Hana " +
  "Reem Maria John Anna Priya David"
).split(" ");
/** English last names. */
export const LAST = (
  "Hassan Mahmoud Ibrahim El-Sayed Farouk Mansour Nasser Khalil Saleh Fahmy Said Gaber Zaki " +
  "Hamdy Abdelrahman Soliman Ragab Shawky Smith Garcia Kumar"
).split(" ");
/** Arabic first names. */
export const FIRST_AR = "محمد أحمد محمود عمر يوسف مصطفى سارة منى نور ياسمين هبة ليلى".split(" ");
/** Arabic last names. */
export const LAST_AR = "حسن إبراهيم السيد عبدالرحمن منصور ناصر خليل صالح فهمي زكي".split(" ");
/** Job titles of station staff. */
export const TITLES = [
  "Load Controller",
  "Cargo Agent",
  "Ramp Agent",
  "Supervisor",
  "Duty Manager",
];

/** A small seeded generator (mulberry32): the same plan loads the same data. */
export function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] };
}

/** The station codes of a plan: real ones first, then made-up three-letter codes. */
export function stationsOf(n: number): string[] {
  const out = REAL_STATIONS.slice(0, n);
  for (let i = 0; out.length < n; i++) {
    const code = String.fromCharCode(81 + (i / 676 % 9 | 0), 65 + (i / 26 % 26 | 0), 65 + i % 26);
    if (!out.includes(code)) out.push(code);
  }
  return out;
}
