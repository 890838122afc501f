// Scenario document classes, part 3: ship cards, player and enemy ships, crew, enemies, cards.
import 'reflect-metadata'; // class-transformer's @Type reads design metadata
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateIf, ValidateNested } from 'class-validator';
import {
  CARD_TYPES,
  DICE,
  FACINGS,
  type CardDefinition,
  type CardPowers,
  type CardType,
  type CrewDefinition,
  type Die,
  type EnemyDefinition,
  type EnemyShipDefinition,
  type Facing,
  type PlayerShipDefinition,
  type ShipCardDefinition,
  type ShipDeckDefinition,
  type ShipPowers,
} from '@logbook/rules';
import { IsId } from './board.dto';
import { CheckDto, HexDto } from './check.dto';
import { SCENARIO_LIMITS as MAX } from './scenario-limits';

export class ShipPowersDto implements ShipPowers {
  @IsOptional() @IsInt() @Min(0) @Max(10) reduceStructuralDamage?: number;
  @IsOptional() @IsInt() @Min(0) @Max(10) increaseStructuralDamage?: number;
  @IsOptional() @IsBoolean() cannotBeSeized?: boolean;
}

/** [N] Navigation Nodes, [D] artillery and blank nodes; the Crow's Nest is always one node. */
export class ShipDeckDto implements ShipDeckDefinition {
  @IsInt() @Min(0) @Max(8) navigation!: number;
  @IsInt() @Min(0) @Max(8) artillery!: number;
  @IsInt() @Min(0) @Max(8) blank!: number;
}

export class ShipCardDto implements ShipCardDefinition {
  @IsId() cardId!: string;
  @IsString() @Length(1, MAX.name) name!: string;
  @IsString() @Length(1, MAX.label) class!: string;
  @IsObject() @ValidateNested() @Type(() => CheckDto) defeat!: CheckDto;
  @IsObject() @ValidateNested() @Type(() => CheckDto) repair!: CheckDto;
  @IsObject() @ValidateNested() @Type(() => ShipPowersDto) powers: ShipPowersDto = {};
  @IsObject() @ValidateNested() @Type(() => ShipDeckDto) deck!: ShipDeckDto;
}

export class CrewDto implements CrewDefinition {
  @IsId() crewId!: string;
  @IsString() @Length(1, MAX.name) name!: string;
  /** e.g. ['WAYFINDER'] */
  @IsArray() @ArrayMaxSize(MAX.traits) @IsString({ each: true }) @Length(1, MAX.label, { each: true }) traits: string[] = [];
  /** A node id of the ship's deck ('navigation-1', 'crows-nest', …) or null. */
  @ValidateIf((_o, v) => v !== null) @IsString() @Length(1, MAX.label) node: string | null = null;
}

export class PlayerShipDto implements PlayerShipDefinition {
  @IsId() shipId!: string;
  /** A cardId of shipCards. */
  @IsId() card!: string;
  @IsObject() @ValidateNested() @Type(() => HexDto) hex!: HexDto;
  @IsIn(FACINGS) facing!: Facing;
  @IsOptional() @IsBoolean() anchored?: boolean;
  @IsArray() @ArrayMaxSize(MAX.crew) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => CrewDto) crew: CrewDto[] = [];
}

export class EnemyShipDto implements EnemyShipDefinition {
  @IsId() enemyShipId!: string;
  @IsId() card!: string;
  @IsObject() @ValidateNested() @Type(() => HexDto) hex!: HexDto;
  @IsOptional() @IsIn(FACINGS) facing?: Facing;
}

export class EnemyDto implements EnemyDefinition {
  @IsId() enemyId!: string;
  @IsString() @Length(1, MAX.name) name!: string;
  @IsObject() @ValidateNested() @Type(() => CheckDto) check!: CheckDto;
}

export class CardPowersDto implements CardPowers {
  @IsOptional() @IsIn(DICE) addDie?: Die;
  @IsOptional() @IsInt() @Min(0) @Max(10) reduceStructuralDamage?: number;
  @IsOptional() @IsInt() @Min(0) @Max(10) reduceCharacterDamage?: number;
  @IsOptional() @IsBoolean() maySeize?: boolean;
}

export class CardDto implements CardDefinition {
  @IsId() cardId!: string;
  @IsString() @Length(1, MAX.name) name!: string;
  @IsIn(CARD_TYPES) type!: CardType;
  @IsObject() @ValidateNested() @Type(() => CardPowersDto) powers: CardPowersDto = {};
}
