// Scenario document classes, part 2: map tiles and their placement [D §2].
import 'reflect-metadata'; // class-transformer's @Type reads design metadata
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateBy,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { FACINGS, TERRAINS, type PlacedTileDefinition, type Rotation, type Terrain, type TileDefinition, type TileHexDefinition } from '@logbook/rules';
import { CheckDto, HexDto } from './check.dto';
import { SCENARIO_LIMITS as MAX } from './scenario-limits';

export const ID_LENGTH = { min: 1, max: 64 } as const;

/**
 * Every id in a scenario document (tiles, cards, ships, crew, enemies, characters, the scenario
 * itself) and every reference to one: a letter or digit, then up to 63 letters, digits, `_`, `.`
 * or `-`; never a name of JavaScript's Object.prototype (`constructor`, `toString`, …). So
 * `__proto__` can never make a piece vanish from a game's state.
 */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const RESERVED_IDS = new Set(Object.getOwnPropertyNames(Object.prototype));

export const isScenarioId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value) && !RESERVED_IDS.has(value);

/** An id (see ID_PATTERN); `{ each: true }` for a list of them. */
export const IsId = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isId',
      validator: {
        validate: (value: unknown) => isScenarioId(value),
        defaultMessage: () => 'must be an id: a letter or digit, then up to 63 letters, digits, _ . or - (and not a built-in name such as constructor)',
      },
    },
    options,
  );

export class TileHexDto extends HexDto implements TileHexDefinition {
  @IsIn(TERRAINS)
  terrain!: Terrain;

  @IsOptional()
  @IsBoolean()
  enemyShipSpawn?: boolean;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CheckDto)
  altarCheck?: CheckDto;
}

export class TileDto implements TileDefinition {
  @IsId()
  tileId!: string;

  @IsOptional()
  @IsString()
  @Length(1, MAX.name)
  name?: string;

  /** [N] the act on the back of the tile. */
  @IsIn([1, 2, 3])
  act!: 1 | 2 | 3;

  /** [N] the clue number on the back of the tile. */
  @IsInt()
  @Min(0)
  @Max(100)
  clues!: number;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX.hexesPerTile)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => TileHexDto)
  hexes!: TileHexDto[];
}

export class PlacedTileDto implements PlacedTileDefinition {
  @IsId()
  tileId!: string;

  @IsObject()
  @ValidateNested()
  @Type(() => HexDto)
  anchor!: HexDto;

  @IsIn(FACINGS)
  rotation!: Rotation;
}
