// Decimal-safe weights: every weight is held as an integer number of grams (thousandths of a
// kg), so sums are exact and rounding up never turns 1200 kg into 1201 kg.

/** Grams in one pound, exactly (0.45359237 kg by definition), scaled by 1e8 for integer math. */
const GRAMS_PER_POUND_E8 = 45_359_237;

/** Largest weight (thousandths of a pound) whose product with GRAMS_PER_POUND_E8 is exact in a double. */
const EXACT_POUNDS = 198_000_000;

/** Converts a weight in thousandths of a pound to grams, exactly, rounded half up. */
export function poundsToGrams(thousandthsOfPound: number): number {
  if (thousandthsOfPound >= 0 && thousandthsOfPound <= EXACT_POUNDS) {
    // product and remainder below 2^53: exact in doubles, corrected for a rounded quotient
    const scaled = thousandthsOfPound * GRAMS_PER_POUND_E8 + 50_000_000;
    let grams = Math.floor(scaled / 100_000_000);
    const rest = scaled - grams * 100_000_000;
    if (rest < 0) grams--;
    else if (rest >= 100_000_000) grams++;
    return grams;
  }
  const scaled = BigInt(thousandthsOfPound) * BigInt(GRAMS_PER_POUND_E8); // grams x 1e8
  return Number((scaled + 50_000_000n) / 100_000_000n);
}

/** Converts kg (a reference tare, maybe with decimals) to grams. */
export function kgToGrams(kg: number): number {
  return Number.isFinite(kg) && kg > 0 ? Math.round(kg * 1000) : 0;
}

/** Rounds grams up to whole kg (gross weights and bulk loads). */
export function ceilKg(grams: number): number {
  return Math.ceil(grams / 1000);
}

/** Grams as kg rounded half up to one decimal (net weights), as a number. */
export function kgOneDecimal(grams: number): number {
  return Math.floor((grams + 50) / 100) / 10;
}

/** Grams as kg, exactly (for per-ULD cargo weights). */
export function gramsToKg(grams: number): number {
  return grams / 1000;
}
