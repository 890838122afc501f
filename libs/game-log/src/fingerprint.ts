// A command's fingerprint: what identifies its content, so that a commandId sent again with other
// content is refused rather than taken for a retry. One definition for every writer of the log
// (the command path, forks, imports, the simulator).
import { sha256 } from './sha256';
import { stableStringify } from './stable-json';

/**
 * The first 128 bits of the SHA-256 of the value's stable JSON, base64url (22 characters). Logs
 * written before held all 256 bits in hex, which `sameFingerprint` still recognises.
 */
export const commandFingerprint = (value: unknown): string => {
  // The memo is keyed by JSON.stringify's text (native, fast): equal texts stand for the same
  // JSON value, whose stable text, and so fingerprint, is the same whatever the key order.
  let key: string | undefined;
  try {
    key = JSON.stringify(value);
  } catch {
    key = undefined; // a BigInt or a cycle: the definition decides (and throws as it does)
  }
  if (key === undefined || key.length > MEMO_MAX_TEXT) return fingerprintOf(stableStringify(value));
  let fingerprint = memo.get(key);
  if (fingerprint === undefined) {
    fingerprint = fingerprintOf(stableStringify(value));
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(key, fingerprint);
  }
  return fingerprint;
};

const fingerprintOf = (text: string): string => sha256(text).subarray(0, 16).toString('base64url');

/**
 * Fingerprints of short commands already seen, by their JSON text: a game's commands are a few bodies sent over
 * and over (`{"command":{"type":"MoveShip"},"seat":1}`), and the hash was a twentieth of an
 * action's CPU time. Bounded by count and text length (a new game's command holds a whole
 * scenario: never kept).
 */
const memo = new Map<string, string>();
const MEMO_SIZE = 4096;
const MEMO_MAX_TEXT = 512;

/** Whether a recorded fingerprint, short or old full-length hex, is that of `value`. */
export const sameFingerprint = (recorded: string, value: unknown): boolean =>
  recorded.length === 64 ? recorded === sha256(stableStringify(value)).toString('hex') : recorded === commandFingerprint(value);
