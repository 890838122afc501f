// Scenario document classes, part 4: characters and the scenario itself. The classes implement
// the rules' definitions, so the compiler keeps the two in step.
import 'reflect-metadata'; // class-transformer's @Type reads design metadata
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { DICE, SKILLS, type CharacterDefinition, type Die, type FeatDefinition, type ScenarioDefinition, type Skill } from '@logbook/rules';
import { IsId, PlacedTileDto, TileDto } from './board.dto';
import { CheckDto, HexDto } from './check.dto';
import { CardDto, EnemyDto, EnemyShipDto, PlayerShipDto, ShipCardDto } from './pieces.dto';
import { SCENARIO_LIMITS as MAX } from './scenario-limits';

export class SkillsDto implements Partial<Record<Skill, Die>> {
  @IsOptional() @IsIn(DICE) Strength?: Die;
  @IsOptional() @IsIn(DICE) Dexterity?: Die;
  @IsOptional() @IsIn(DICE) Constitution?: Die;
  @IsOptional() @IsIn(DICE) Intelligence?: Die;
  @IsOptional() @IsIn(DICE) Wisdom?: Die;
  @IsOptional() @IsIn(DICE) Charisma?: Die;
}

export class FeatDto implements FeatDefinition {
  @IsString() @Length(1, MAX.label) name!: string;
  @IsIn(SKILLS) skill!: Skill;
  @IsInt() @Min(0) @Max(10) bonus!: number;
}

export class CharacterDto implements CharacterDefinition {
  @IsId() characterId!: string;
  @IsString() @Length(1, MAX.name) name!: string;
  @IsObject() @ValidateNested() @Type(() => SkillsDto) skills!: SkillsDto;
  @IsArray() @ArrayMaxSize(MAX.feats) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => FeatDto) feats: FeatDto[] = [];
  /** Card ids of `cards`. */
  @IsArray() @ArrayMaxSize(MAX.deck) @IsId({ each: true }) deck!: string[];
  @IsInt() @Min(1) @Max(20) handSize!: number;
  /** A shipId of playerShips, or null to start at `hex`. */
  @ValidateIf((_o, v) => v !== null) @IsId() aboard: string | null = null;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => HexDto) hex?: HexDto;
  @IsOptional() @IsArray() @ArrayMaxSize(MAX.conditions) @IsString({ each: true }) @Length(1, MAX.label, { each: true }) conditions?: string[];
}

export class ActThresholdsDto {
  @IsInt() @Min(1) @Max(1000) act2 = 4;
  @IsInt() @Min(1) @Max(1000) act3 = 8;
}

export class ScenarioDto implements ScenarioDefinition {
  @IsId() id!: string;
  @IsString() @Length(1, MAX.name) name!: string;
  @IsOptional() @IsString() @Length(0, MAX.description) description?: string;
  /** [N] standard orders per turn; [D] default 3. */
  @IsInt() @Min(1) @Max(10) ordersPerTurn = 3;
  /** [D §10] default: act 2 at 4 clues, act 3 at 8. */
  @IsObject() @ValidateNested() @Type(() => ActThresholdsDto) actThresholds: ActThresholdsDto = new ActThresholdsDto();
  /** [D §10] default 12. */
  @IsInt() @Min(1) @Max(1000) clueGoal = 12;
  /** [S] the clock; at least 1, or the first turn would lose. */
  @IsInt() @Min(1) @Max(1000) blessings!: number;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX.tiles) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => TileDto) tiles!: TileDto[];
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX.startingTiles)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PlacedTileDto)
  startingTiles!: PlacedTileDto[];
  /** [N] tile ids in order, act 1 first (hidden from players). */
  @IsArray() @ArrayMaxSize(MAX.stack) @IsId({ each: true }) stack: string[] = [];
  /** 'shuffled' (default): each act's tiles are shuffled at setup; 'as-listed' keeps this order. */
  @IsOptional() @IsIn(['shuffled', 'as-listed']) stackOrder?: 'shuffled' | 'as-listed';
  @IsArray() @ArrayMaxSize(MAX.storms) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => HexDto) storms: HexDto[] = [];
  @IsArray() @ArrayMaxSize(MAX.shipCards) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => ShipCardDto) shipCards!: ShipCardDto[];
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX.playerShips)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PlayerShipDto)
  playerShips!: PlayerShipDto[];
  @IsArray() @ArrayMaxSize(MAX.enemyShips) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => EnemyShipDto) enemyShips: EnemyShipDto[] = [];
  @IsArray() @ArrayMaxSize(MAX.enemyPool) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => EnemyDto) enemyPool: EnemyDto[] = [];
  /** cardIds of shipCards. */
  @IsArray() @ArrayMaxSize(MAX.enemyShipPool) @IsId({ each: true }) enemyShipPool: string[] = [];
  @IsArray() @ArrayMaxSize(MAX.cards) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => CardDto) cards: CardDto[] = [];
  /** cardIds of cards. */
  @IsArray() @ArrayMaxSize(MAX.box) @IsId({ each: true }) box: string[] = [];
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX.characters)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CharacterDto)
  characters!: CharacterDto[];
  @IsObject() @ValidateNested() @Type(() => CheckDto) altarCheck!: CheckDto;
}
