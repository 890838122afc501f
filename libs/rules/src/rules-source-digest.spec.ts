import { readFileSync } from 'node:fs';
import { DIGEST_FILE, digestFileText, rulesSourceDigest } from '../scripts/rules-version';
import { RULES_SOURCE_DIGEST } from './rules-source-digest';

describe('the rules version', () => {
  it('is the digest of the rules source as it is now (run `npm run rules-version` after changing libs/rules)', () => {
    expect(RULES_SOURCE_DIGEST).toBe(rulesSourceDigest());
    expect(readFileSync(DIGEST_FILE, 'utf8')).toBe(digestFileText(RULES_SOURCE_DIGEST));
  });
});
