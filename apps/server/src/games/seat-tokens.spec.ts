import { digestToken, newSeatToken, seatForToken } from './seat-tokens';

describe('seatForToken', () => {
  const one = newSeatToken();
  const two = newSeatToken();
  const digests = () => [
    { seat: 1, sha256: digestToken(one) },
    { seat: 2, sha256: digestToken(two) },
  ];

  it('answers the seat of each token, the first time and every time after (a token already matched)', () => {
    const game = digests();
    for (let round = 0; round < 3; round++) {
      expect(seatForToken(game, one)).toBe(1);
      expect(seatForToken(game, two)).toBe(2);
    }
  });

  it('refuses a token of the same length that matched nothing, before and after the seats matched theirs', () => {
    const game = digests();
    const stranger = newSeatToken();
    expect(stranger).toHaveLength(one.length);
    expect(seatForToken(game, stranger)).toBeUndefined();
    expect(seatForToken(game, one)).toBe(1);
    expect(seatForToken(game, stranger)).toBeUndefined();
    expect(seatForToken(game, `${one.slice(0, -1)}${one.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
  });

  it("never takes one game's matched token for another game's seat", () => {
    const first = digests();
    expect(seatForToken(first, one)).toBe(1);
    const other = [{ seat: 1, sha256: digestToken(newSeatToken()) }];
    expect(seatForToken(other, one)).toBeUndefined();
  });
});
