import { BadRequestException } from '@nestjs/common';
import { EventStoreUnavailableError, StreamDeletedError, WrongExpectedRevisionError } from '@logbook/event-store';
import { RuleViolation } from '@logbook/rules';
import { RebuildInProgressError } from '@logbook/projections';
import { GameNotFoundError, SeatTokenInvalidError, SeatTokenMissingError, StaleRevisionError } from '../games/game.errors';
import { BodyRefusedError } from './json-body';
import { toProblem } from './problem.filter';
import { RateLimitedError } from './rate-limits';
import { GameQuotaError, StorageFullError } from './storage-budget';

describe('errors as problem details', () => {
  it.each([
    [new RuleViolation('ship.anchored', 'An anchored ship cannot be moved'), 422, 'rule-violation'],
    [new RuleViolation('game.not-found', 'There is no such game'), 404, 'game-not-found'],
    [new GameNotFoundError('g'), 404, 'game-not-found'],
    [new StaleRevisionError(3, 5), 409, 'stale-revision'],
    [new WrongExpectedRevisionError('game-g', 3, 5), 409, 'concurrent-write'],
    [new SeatTokenMissingError(), 401, 'seat-token-missing'],
    [new SeatTokenInvalidError(), 403, 'seat-token-invalid'],
    [new BadRequestException(['a: bad']), 400, 'invalid-request'],
    [new EventStoreUnavailableError('eventstoredb'), 503, 'store-unavailable'],
    [new StreamDeletedError('game-1'), 410, 'game-deleted'],
    [new RateLimitedError('creates', 12), 429, 'rate-limited'],
    [new StorageFullError(100), 507, 'storage-full'],
    [new GameQuotaError(10), 507, 'game-quota'],
    [new RebuildInProgressError('analytics'), 409, 'rebuild-in-progress'],
    [new BodyRefusedError('JSON lines', 'unsupported-media-type', 415), 415, 'unsupported-media-type'],
    [Object.assign(new Error('request entity too large'), { status: 413, expose: true, type: 'entity.too.large' }), 413, 'payload-too-large'],
  ])('%s → %i', (error, status, slug) => {
    expect(toProblem(error)).toMatchObject({ status, type: `/problems/${slug}` });
  });

  it('names the rule a violation broke', () => {
    expect(toProblem(new RuleViolation('ship.anchored', 'x'))).toMatchObject({ rule: 'ship.anchored' });
  });

  it('leaves anything else to the generic 500 (logged, nothing revealed)', () => {
    expect(toProblem(new TypeError('boom'))).toBeUndefined();
    expect(toProblem(Object.assign(new Error('server-side'), { status: 500, expose: false }))).toBeUndefined();
  });
});
