// A command's fingerprint: what identifies its content, so that a commandId sent again with other
// content is refused rather than taken for a retry. One definition for every writer of the log
// (the command path, forks, imports, the simulator).
import { createHash, hash } from 'node:crypto';
import { stableStringify } from './stable-json';

/** SHA-256 in one call where Node has `crypto.hash` (20.12+; the engines field allows 20.11). */
const sha256: (text: string) => Buffer =
  typeof hash === 'function' ? (text) => hash('sha256', text, 'buffer') : (text) => createHash('sha256').update(text).digest();

/**
 * The first 128 bits of the SHA-256 of the value's stable JSON, base64url (22 characters). Logs
 * written before held all 256 bits in hex, which `sameFingerprint` still recognises.
 */
export const commandFingerprint = (value: unknown): string => sha256(stableStringify(value)).subarray(0, 16).toString('base64url');

/** Whether a recorded fingerprint, short or old full-length hex, is that of `value`. */
export const sameFingerprint = (recorded: string, value: unknown): boolean =>
  recorded.length === 64 ? recorded === sha256(stableStringify(value)).toString('hex') : recorded === commandFingerprint(value);
