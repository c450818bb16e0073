// Issue 48, ASVS 15: recovery codes carry at least 64 bits, are stored with a keyed hash (no copy
// of the store alone checks a guess, nor moves them to another account), and each works once,
// two sign-ins racing with the same code included. Codes made before keep working until used.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { keys } from "../store/keys.ts";
import { testApi } from "../test_support.ts";
import { enrolTotp, passwordStep } from "./support_test_helpers.ts";
import { readTwoFactor, type TwoFactorRecord } from "./store.ts";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const hex = (algorithm: string, text: string) => createHash(algorithm).update(text).digest("hex");

Deno.test("ASVS 15: each recovery code carries at least 64 bits", async () => {
  const api = await testApi();
  try {
    const { recoveryCodes } = await enrolTotp(api, await api.account("RC1", "admin"));
    assert.equal(recoveryCodes.length, 10);
    for (const shown of recoveryCodes) {
      const plain = shown.replace(/-/g, "");
      assert.ok([...plain].every((ch) => ALPHABET.includes(ch)), shown);
      const bits = plain.length * Math.log2(ALPHABET.length);
      assert.ok(bits >= 64, `${shown}: ${bits} bits`);
    }
    assert.equal(new Set(recoveryCodes).size, 10);
  } finally {
    api.close();
  }
});

Deno.test("ASVS 15: the store keeps no plain or fast unkeyed hash of a code, and a copy of it to another account opens nothing", async () => {
  const api = await testApi();
  try {
    const { recoveryCodes } = await enrolTotp(api, await api.account("RC2", "admin"));
    const stored = (await readTwoFactor(api.kv, "RC2")).value!.recovery!.hashes;
    const dump = JSON.stringify(stored);
    for (const shown of recoveryCodes) {
      const plain = shown.replace(/-/g, "");
      for (const form of [shown, plain, shown.toLowerCase(), plain.toLowerCase()]) {
        assert.ok(!dump.includes(form), "the code itself");
        for (const algorithm of ["md5", "sha1", "sha256", "sha512"]) {
          assert.ok(!dump.includes(hex(algorithm, form)), `${algorithm} of the code`);
        }
      }
    }
    // the stored hashes put on another account's record do not open it with these codes
    await enrolTotp(api, await api.account("RC3", "admin"));
    const other = await readTwoFactor(api.kv, "RC3");
    const moved: TwoFactorRecord = {
      ...other.value!,
      recovery: { hashes: stored, createdAt: new Date(api.clock.now).toISOString() },
    };
    assert.ok((await api.kv.atomic().check(other).set(other.key, moved).commit()).ok);
    const res = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "RC3"),
      recoveryCode: recoveryCodes[0],
    });
    assert.equal(res.status, 401, res.text);
  } finally {
    api.close();
  }
});

Deno.test("ASVS 15: a recovery code works once, also when two sign-ins race with it", async () => {
  const api = await testApi();
  try {
    const { recoveryCodes } = await enrolTotp(api, await api.account("RC4", "admin"));
    const first = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "RC4"),
      recoveryCode: recoveryCodes[1],
    });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.json.data.recoveryCodesLeft, 9);
    const again = await api.call("POST", "/api/auth/login/second-factor", {
      token: await passwordStep(api, "RC4"),
      recoveryCode: recoveryCodes[1],
    });
    assert.equal(again.status, 401, again.text);
    const tokens = [await passwordStep(api, "RC4"), await passwordStep(api, "RC4")];
    const raced = await Promise.all(
      tokens.map((token) =>
        api.call("POST", "/api/auth/login/second-factor", {
          token,
          recoveryCode: recoveryCodes[2],
        })
      ),
    );
    assert.deepEqual(raced.map((r) => r.status).sort(), [200, 401]);
    const left = (await readTwoFactor(api.kv, "RC4")).value!.recovery!.hashes.length;
    assert.equal(left, 8);
  } finally {
    api.close();
  }
});

Deno.test("ASVS 15: codes made before (10 characters, unkeyed) keep working until used, once each", async () => {
  const api = await testApi();
  try {
    await enrolTotp(api, await api.account("RC5", "admin"));
    const entry = await readTwoFactor(api.kv, "RC5");
    const old = ["ABCDE23456", "ZYXWV98765"];
    const record: TwoFactorRecord = {
      ...entry.value!,
      recovery: {
        hashes: old.map((c) => hex("sha256", c)),
        createdAt: new Date(api.clock.now).toISOString(),
      },
    };
    assert.ok((await api.kv.atomic().check(entry).set(keys.twoFactor("RC5"), record).commit()).ok);
    const use = async (code: string) =>
      (await api.call("POST", "/api/auth/login/second-factor", {
        token: await passwordStep(api, "RC5"),
        recoveryCode: code,
      })).status;
    assert.equal(await use("abcde-23456"), 200);
    assert.equal(await use("ABCDE-23456"), 401);
    assert.equal(await use("ZYXWV-98765"), 200);
  } finally {
    api.close();
  }
});
