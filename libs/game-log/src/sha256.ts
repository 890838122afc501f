// SHA-256 in one call where Node has `crypto.hash` (20.12+; the engines field allows 20.11, which
// takes the createHash path). One definition for every hash on the command path: a command's
// fingerprint and its event ids on every action, a seat token's digest on every seat's request.
import { createHash, hash } from 'node:crypto';

export const sha256: (text: string) => Buffer =
  typeof hash === 'function' ? (text) => hash('sha256', text, 'buffer') : (text) => createHash('sha256').update(text).digest();

export const sha256Hex: (text: string) => string =
  typeof hash === 'function' ? (text) => hash('sha256', text, 'hex') : (text) => createHash('sha256').update(text).digest('hex');
