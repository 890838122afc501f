// One DTO class per command type: the edge validates every field before the rules see it.
// The map joins each feature's table and is checked against the rules' command union, so a new
// command cannot go unvalidated.
import { BadRequestException } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { SeatCommand } from '@logbook/rules';
import { oversizedArrays } from '../../http/array-maxima';
import { fieldProblems } from '../../http/validation-messages';
import { COMMAND_ID, type CommandDto, type CommandDtoTable, type CommandFields, type RulesCommandType, type SeatCommandType } from './command-base.dto';
import { CHARACTERS_DTOS } from './characters.dto';
import { CREW_DTOS } from './crew.dto';
import { DAMAGE_DTOS } from './damage.dto';
import { ENEMIES_DTOS } from './enemies.dto';
import { HISTORY_DTOS } from './history.dto';
import { NAVIGATION_DTOS } from './navigation.dto';
import { PLUNDER_DTOS } from './plunder.dto';
import { SHIPS_DTOS } from './ships.dto';
import { TURN_DTOS } from './turn.dto';

// A feature missing from the join, or a command missing from its feature's table, does not compile.
const COMMAND_DTOS: CommandDtoTable = {
  ...NAVIGATION_DTOS,
  ...CREW_DTOS,
  ...TURN_DTOS,
  ...SHIPS_DTOS,
  ...DAMAGE_DTOS,
  ...PLUNDER_DTOS,
  ...ENEMIES_DTOS,
  ...CHARACTERS_DTOS,
  ...HISTORY_DTOS,
};

export const knownCommandTypes = (): string[] => Object.keys(COMMAND_DTOS);

/** Each command type with its DTO class (for the OpenAPI document). */
export const commandDtoClasses = (): ReadonlyArray<[SeatCommandType, ClassConstructor<CommandDto>]> =>
  Object.entries(COMMAND_DTOS) as Array<[SeatCommandType, ClassConstructor<CommandDto>]>;

/** One message per field, led by its path: `shipId: shipId must be an id`. */
const flatten = (errors: ValidationError[]): string[] =>
  fieldProblems(errors).map(({ parent, property, message }) => `${parent ? `${parent}.${property}` : property}: ${message}`);

/** Validates a command body; throws 400 with the first problem of each field. */
export function parseCommandBody(body: unknown): { commandId: string; command: SeatCommand } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequestException('The body must be a JSON object { commandId, type, ...fields }');
  }
  const commandId = (body as { commandId?: unknown }).commandId;
  // A body seen before but for its commandId (a valid one) passes as it passed then.
  const key = typeof commandId === 'string' && COMMAND_ID.test(commandId) ? memoKey(body) : undefined;
  const known = key === undefined ? undefined : accepted.get(key);
  if (known !== undefined) return { commandId: commandId as string, command: JSON.parse(known) as SeatCommand };
  const parsed = validateCommandBody(body);
  if (key !== undefined && key.length <= MEMO_MAX_KEY) {
    if (accepted.size >= MEMO_SIZE) accepted.clear();
    accepted.set(key, JSON.stringify(parsed.command));
  }
  return parsed;
}

/** The DTO's validation (the definition): class-transformer and class-validator, about a tenth of an order's CPU time. */
export function validateCommandBody(body: object): { commandId: string; command: SeatCommand } {
  const type = (body as { type?: unknown }).type;
  const dto = typeof type === 'string' && Object.prototype.hasOwnProperty.call(COMMAND_DTOS, type) ? COMMAND_DTOS[type as SeatCommandType] : undefined;
  if (!dto) {
    throw new BadRequestException(`type must be one of: ${knownCommandTypes().join(', ')}`);
  }
  const oversized = oversizedArrays(dto, body);
  if (oversized.length > 0) throw new BadRequestException(oversized.map(({ path, message }) => `${path}: ${message}`));
  const instance = plainToInstance(dto, body);
  const errors = flatten(validateSync(instance, { whitelist: true, forbidNonWhitelisted: true }));
  if (errors.length > 0) throw new BadRequestException(errors);
  // Plain data (no class prototype); the DTO class implements the command's fields.
  const { commandId, ...command } = JSON.parse(JSON.stringify(instance)) as CommandDto & CommandFields<RulesCommandType>;
  return { commandId, command: command as SeatCommand };
}

/**
 * Bodies accepted before, by their JSON less the commandId (memoKey), to the command they gave (its
 * JSON: each caller gets its own copy). A game's orders are a few bodies sent over and over
 * (`{"commandId":…,"type":"MoveShip"}`), and no validator reads the commandId but its own, whose
 * rule (COMMAND_ID) is checked before the memo is asked. Refused bodies are never kept.
 */
const accepted = new Map<string, string>();
const MEMO_SIZE = 1024;
const MEMO_MAX_KEY = 1024;

/**
 * The body without its commandId, as JSON, with where the commandId stood: a text that stands
 * for exactly one body when the body is plain JSON data (no undefined, non-finite number, toJSON,
 * class instance or `__proto__` key, which JSON would blur into another body's text); otherwise
 * undefined, and the body is validated afresh. No replacer: JSON.stringify's own fast path.
 */
function memoKey(body: object): string | undefined {
  if (!isPlainTree(body, 0)) return undefined;
  const fields = body as Record<string, unknown>;
  const rest: Record<string, unknown> = {};
  let at = -1;
  let index = 0;
  for (const key in fields) {
    if (!hasOwn.call(fields, key)) continue;
    if (key === '__proto__') return undefined;
    if (key === 'commandId') at = index;
    else rest[key] = fields[key];
    index += 1;
  }
  return `${at}:${JSON.stringify(rest)}`;
}

const hasOwn = Object.prototype.hasOwnProperty;
/** Deeper than this, the DTOs decide (the body parser already refuses past 32 levels). */
const MAX_TREE_DEPTH = 40;

function isPlainTree(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (depth > MAX_TREE_DEPTH || 'toJSON' in value) return false;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let i = 0; i < value.length; i++) if (!isPlainTree(value[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (hasOwn.call(record, key) && !isPlainTree(record[key], depth + 1)) return false;
  }
  return true;
}
