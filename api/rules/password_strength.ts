// The content part of the password policy (design 5.3, NIST SP 800-63B): not a common, breached
// or easily guessed password, and not containing the owner's employee code or name. It uses
// zxcvbn-ts with its common-password dictionary (about 400 KB), so the server imports it and the
// web imports it lazily, on its password screens only. Pure: no Deno, KV or Hono.

import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { containsOwner, ownerWords, type PasswordOwner } from "./password.ts";
import { type Problem, say } from "./messages.ts";

/**
 * The lowest zxcvbn score accepted: 2, at least a million guesses. Every password of the common
 * list (and its case, l33t and reversed variants, alone or with a digit or two) scores below.
 */
export const MIN_SCORE = 2;

/**
 * The estimator judges the first 64 characters with at most 4 l33t substitutions: its cost grows
 * steeply with both (a 200-character l33t password took 430 ms of the event loop, now at most
 * about 25 ms), and a weak 64-character start is reason enough to refuse.
 */
const LIMITS = { maxLength: 64, l33tMaxSubstitutions: 4 };

let factory: ZxcvbnFactory | null = null;

/** The estimator, built on first use (building the dictionary takes a few tens of ms). */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, ...LIMITS });
  return factory;
}

/** Why the password's content is refused (its owner's code or name, or too common), or null. */
export function passwordStrengthProblem(password: string, owner: PasswordOwner): string | null {
  return passwordStrength(password, owner)?.message ?? null;
}

/** `passwordStrengthProblem` as the catalogue's message (its code and text). */
export function passwordStrength(password: string, owner: PasswordOwner): Problem | null {
  if (containsOwner(password, owner)) return say("password:personal");
  const { score } = estimator().check(password, ownerWords(owner));
  return score < MIN_SCORE ? say("password:common") : null;
}
