// One DTO class per command type: the edge validates every field before the rules see it.
// The map is checked against the rules' command union, so a new command cannot go unvalidated.
import { BadRequestException } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { GameCommand, GameCommandType, HistoryCommand } from '@logbook/rules';
import type { CommandDto, CommandFields } from './command-base.dto';
import { EmbarkDto, DisembarkDto, SetFollowShipDto } from './characters.dto';
import { DropAnchorDto, MoveCrewDto, WeighAnchorDto } from './crew.dto';
import { AttemptRepairDto, ReduceStructuralDamageDto, ResolveStructuralDamageDto } from './damage.dto';
import { PurgeAltarDto, RepelEnemyDto } from './enemies.dto';
import { EndNavigationDto, ExploreTileDto, MoveShipDto, NavigateDto, StartNavigationDto, TurnShipDto } from './navigation.dto';
import { ChoosePlunderTypeDto, LootShipwreckDto } from './plunder.dto';
import { EngageShipDto } from './ships.dto';
import { RedoDto, UndoDto } from './history.dto';
import { EndTurnDto } from './turn.dto';

type RulesCommandType = Exclude<GameCommandType, 'CreateGame'>;
type PlayCommandType = RulesCommandType | HistoryCommand['type'];
/** What a seat may send: any command but CreateGame, and Undo/Redo (decided against the history). */
export type PlayCommand = Exclude<GameCommand, { type: 'CreateGame' }> | HistoryCommand;

const COMMAND_DTOS: { [K in PlayCommandType]: ClassConstructor<CommandDto & (K extends RulesCommandType ? CommandFields<K> : object)> } = {
  StartNavigation: StartNavigationDto,
  MoveShip: MoveShipDto,
  TurnShip: TurnShipDto,
  ExploreTile: ExploreTileDto,
  EndNavigation: EndNavigationDto,
  Navigate: NavigateDto,
  MoveCrew: MoveCrewDto,
  DropAnchor: DropAnchorDto,
  WeighAnchor: WeighAnchorDto,
  EndTurn: EndTurnDto,
  EngageShip: EngageShipDto,
  AttemptRepair: AttemptRepairDto,
  ReduceStructuralDamage: ReduceStructuralDamageDto,
  ResolveStructuralDamage: ResolveStructuralDamageDto,
  ChoosePlunderType: ChoosePlunderTypeDto,
  LootShipwreck: LootShipwreckDto,
  RepelEnemy: RepelEnemyDto,
  PurgeAltar: PurgeAltarDto,
  Embark: EmbarkDto,
  Disembark: DisembarkDto,
  SetFollowShip: SetFollowShipDto,
  Undo: UndoDto,
  Redo: RedoDto,
};

export const knownCommandTypes = (): string[] => Object.keys(COMMAND_DTOS);

/** Each command type with its DTO class (for the OpenAPI document). */
export const commandDtoClasses = (): ReadonlyArray<[PlayCommandType, ClassConstructor<CommandDto>]> =>
  Object.entries(COMMAND_DTOS) as Array<[PlayCommandType, ClassConstructor<CommandDto>]>;

const flatten = (errors: ValidationError[], path = ''): string[] =>
  errors.flatMap((e) => {
    const at = path ? `${path}.${e.property}` : e.property;
    return [...Object.values(e.constraints ?? {}).map((m) => `${at}: ${m}`), ...flatten(e.children ?? [], at)];
  });

/** Validates a command body; throws 400 with every problem found. */
export function parseCommandBody(body: unknown): { commandId: string; command: PlayCommand } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequestException('The body must be a JSON object { commandId, type, ...fields }');
  }
  const type = (body as { type?: unknown }).type;
  const dto = typeof type === 'string' && Object.prototype.hasOwnProperty.call(COMMAND_DTOS, type) ? COMMAND_DTOS[type as PlayCommandType] : undefined;
  if (!dto) {
    throw new BadRequestException(`type must be one of: ${knownCommandTypes().join(', ')}`);
  }
  const instance = plainToInstance(dto, body);
  const errors = flatten(validateSync(instance, { whitelist: true, forbidNonWhitelisted: true }));
  if (errors.length > 0) throw new BadRequestException(errors);
  // Plain data (no class prototype); the DTO class implements the command's fields.
  const { commandId, ...command } = JSON.parse(JSON.stringify(instance)) as CommandDto & CommandFields<RulesCommandType>;
  return { commandId, command: command as PlayCommand };
}
