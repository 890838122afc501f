// DTOs of the navigation rules (libs/rules/src/navigation).
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
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { NavigationStep, Rotation, TurnDirection } from '@logbook/rules';
import { CommandDto, type CommandFields, type CommandDtoTable } from './command-base.dto';

export class StartNavigationDto extends CommandDto implements CommandFields<'StartNavigation'> {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  shipId?: string;
}

/** A navigation action: `startNavigation: true` issues its Navigation order first, in the same command. */
abstract class NavigationActionDto extends CommandDto {
  @IsOptional()
  @IsBoolean()
  startNavigation?: boolean;
}

export class MoveShipDto extends NavigationActionDto implements CommandFields<'MoveShip'> {}

export class TurnShipDto extends NavigationActionDto implements CommandFields<'TurnShip'> {
  @IsIn(['cw', 'ccw'])
  direction!: TurnDirection;
}

export class ExploreTileDto extends NavigationActionDto implements CommandFields<'ExploreTile'> {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(5)
  rotation?: Rotation;
}

export class EndNavigationDto extends CommandDto implements CommandFields<'EndNavigation'> {
  /** Then end the turn, in the same command. */
  @IsOptional()
  @IsBoolean()
  endTurn?: boolean;
}

/** One step of a Navigate plan; a turn names its direction. */
export class NavigationStepDto {
  @IsIn(['move', 'turn', 'explore'])
  action!: NavigationStep['action'];

  @ValidateIf((step: NavigationStepDto) => step.action === 'turn' || step.direction !== undefined)
  @IsIn(['cw', 'ccw'])
  direction?: TurnDirection;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(5)
  rotation?: Rotation;
}

export class NavigateDto extends CommandDto implements CommandFields<'Navigate'> {
  /** Validated as NavigationStepDto: the action, and the direction a turn needs. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => NavigationStepDto)
  steps!: NavigationStep[];
}

/** This feature's commands and their DTOs (joined in command-dtos.ts). */
export const NAVIGATION_DTOS: CommandDtoTable<'StartNavigation' | 'MoveShip' | 'TurnShip' | 'ExploreTile' | 'EndNavigation' | 'Navigate'> = {
  StartNavigation: StartNavigationDto,
  MoveShip: MoveShipDto,
  TurnShip: TurnShipDto,
  ExploreTile: ExploreTileDto,
  EndNavigation: EndNavigationDto,
  Navigate: NavigateDto,
};
