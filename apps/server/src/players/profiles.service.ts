// Player profiles: one stream per player in the game store (`player-<id>`), whose
// `PlayerRegistered` holds the name (sealed by the personal-data decorator under `player:<id>`)
// and the digest of the secret shown once at registration. A profile whose subject is erased
// answers as gone: its secret opens nothing any more.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { personalDataVaultOf, playerStreamId, playerSubject, type PlayerRegistered } from '@logbook/game-log';
import { digestToken, newSeatToken, seatForToken } from '../games/seat-tokens';

/** A profile as its owner reads it. */
export interface PlayerProfile {
  playerId: string;
  name: string;
  createdAt: string | null;
}

/** Why a secret does not open a profile: missing (401), wrong (403), unknown profile (404), erased (410). */
export type ProfileRefusal = 'missing' | 'wrong' | 'unknown' | 'erased';

export class ProfileAccessError extends Error {
  override readonly name = 'ProfileAccessError';
  constructor(
    readonly reason: ProfileRefusal,
    readonly playerId: string,
  ) {
    super(
      reason === 'missing'
        ? 'The X-Player-Secret header is required: the secret POST /players answered'
        : reason === 'wrong'
          ? `The X-Player-Secret header does not hold player ${playerId}'s secret`
          : reason === 'unknown'
            ? `No player ${playerId}`
            : `Player ${playerId} was erased: the profile and its secret are gone`,
    );
  }
}

/** A player id as POST /players makes them (a UUID); anything else is a profile no one has. */
export const PLAYER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface StoredProfile {
  playerId: string;
  name: string;
  secretDigest: string;
  createdAt: string | null;
}

@Injectable()
export class ProfilesService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Registers a profile: answers its id and its secret (shown this once; only its digest is kept). */
  async register(name: string): Promise<{ playerId: string; secret: string }> {
    const playerId = randomUUID();
    const secret = newSeatToken();
    const event: PlayerRegistered = { type: 'PlayerRegistered', data: { playerId, name, secretDigest: digestToken(secret) } };
    await this.store.append(
      playerStreamId(playerId),
      [{ id: randomUUID(), type: event.type, data: { data: event.data }, metadata: { recordedAt: new Date().toISOString() } }],
      'no_stream',
    );
    return { playerId, secret };
  }

  /** The profile, opened with its secret (`undefined` when the header is absent). */
  async open(playerId: string, secret: string | undefined): Promise<PlayerProfile> {
    const profile = await this.find(playerId);
    if (!profile) throw new ProfileAccessError('unknown', playerId);
    if (await this.isErased(playerId)) throw new ProfileAccessError('erased', playerId);
    if (secret === undefined || secret === '') throw new ProfileAccessError('missing', playerId);
    if (seatForToken([{ seat: 1, sha256: profile.secretDigest }], secret) === undefined) throw new ProfileAccessError('wrong', playerId);
    return { playerId, name: profile.name, createdAt: profile.createdAt };
  }

  /**
   * Whether the caller may erase the profile: the operator always (an erased profile again:
   * nothing more changes), else its own secret, checked as a read is.
   */
  async checkErasure(playerId: string, secret: string | undefined, operator: boolean): Promise<void> {
    if (!operator) {
      await this.open(playerId, secret);
      return;
    }
    if (!(await this.find(playerId))) throw new ProfileAccessError('unknown', playerId);
  }

  /** Whether the profile exists here (erased or not). */
  async exists(playerId: string): Promise<boolean> {
    return PLAYER_ID.test(playerId) && (await this.find(playerId)) !== undefined;
  }

  async isErased(playerId: string): Promise<boolean> {
    const vault = personalDataVaultOf(this.store);
    return vault !== undefined && (await vault.isForgotten(playerSubject(playerId)));
  }

  private async find(playerId: string): Promise<StoredProfile | undefined> {
    if (!PLAYER_ID.test(playerId)) return undefined;
    const read = await this.store.readStream(playerStreamId(playerId), { maxCount: 1 });
    const first = read.status === 'ok' ? read.events[0] : undefined;
    if (!first || first.type !== 'PlayerRegistered') return undefined;
    const data = (first.data as { data: PlayerRegistered['data'] }).data;
    const at = first.metadata.recordedAt;
    return { playerId, name: data.name, secretDigest: data.secretDigest, createdAt: typeof at === 'string' ? at : null };
  }
}
