// Scenario document classes, part 2: map tiles and their placement [D §2].
import 'reflect-metadata'; // class-transformer's @Type reads design metadata
import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { FACINGS, TERRAINS, type PlacedTileDefinition, type Rotation, type Terrain, type TileDefinition, type TileHexDefinition } from '@logbook/rules';
import { CheckDto, HexDto } from './check.dto';

export const ID_LENGTH = { min: 1, max: 64 } as const;

export class TileHexDto extends HexDto implements TileHexDefinition {
  @IsIn(TERRAINS)
  terrain!: Terrain;

  @IsOptional() @IsBoolean()
  enemyShipSpawn?: boolean;

  @IsOptional() @IsObject() @ValidateNested() @Type(() => CheckDto)
  altarCheck?: CheckDto;
}

export class TileDto implements TileDefinition {
  @IsString() @Length(ID_LENGTH.min, ID_LENGTH.max)
  tileId!: string;

  @IsOptional() @IsString() @Length(1, 100)
  name?: string;

  /** [N] the act on the back of the tile. */
  @IsIn([1, 2, 3])
  act!: 1 | 2 | 3;

  /** [N] the clue number on the back of the tile. */
  @IsInt() @Min(0) @Max(100)
  clues!: number;

  @IsArray() @ArrayMinSize(1) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => TileHexDto)
  hexes!: TileHexDto[];
}

export class PlacedTileDto implements PlacedTileDefinition {
  @IsString() @Length(ID_LENGTH.min, ID_LENGTH.max)
  tileId!: string;

  @IsObject() @ValidateNested() @Type(() => HexDto)
  anchor!: HexDto;

  @IsIn(FACINGS)
  rotation!: Rotation;
}
